/**
 * `npm test`: every test, in order (docs/testing.md §1): the bindings, the compile, the checks,
 * the web tests, the browser tests. Each step runs in a process group of its own, so that a
 * Ctrl-C or a SIGTERM to `npm test` (CI's timeout, an outside `kill`) reaches all of it: the
 * signal is passed to the whole group, whose processes stop what they started themselves
 * (scripts/lib/stop-on-signal.ts), and after a grace period whatever is left is killed. npm runs
 * this through bash (.npmrc), which hands over to it, so npm's signal reaches it at all.
 */
import { spawn, type ChildProcess } from "node:child_process";

import { ROOT } from "./lib/stack";
import { stopOnSignal, stopping } from "./lib/stop-on-signal";

/** The steps of `npm test`, each an npm script. */
export const STEPS = ["typechain", "compile", "test:checks", "test:web", "test:e2e"];
/** How long a step's processes get to stop what they started before they are killed. */
const GRACE_MS = 20_000;

/** Runs `command` (with `args`) in a process group of its own; resolves with its exit code. */
function runStep(command: string, args: string[]): { child: ChildProcess; done: Promise<number> } {
  const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", detached: true });
  const done = new Promise<number>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 + 15 : 1)));
    child.once("error", () => resolve(1));
  });
  return { child, done };
}

/** Passes `signal` to the step's whole group, then SIGKILL to what is left after the grace period. */
async function stopStep(step: { child: ChildProcess; done: Promise<number> }, signal: NodeJS.Signals): Promise<void> {
  const group = -(step.child.pid ?? 0);
  const send = (what: NodeJS.Signals) => {
    try {
      process.kill(group, what);
    } catch {
      // The group is gone already.
    }
  };
  send(signal);
  const timer = setTimeout(() => send("SIGKILL"), GRACE_MS);
  await step.done;
  clearTimeout(timer);
  // The leader exited; its group may not have: kill any process still in it.
  send("SIGKILL");
}

/** Runs `steps` (commands with arguments) one after the other, stopping at the first that fails. */
export async function runSteps(steps: Array<[string, ...string[]]>): Promise<number> {
  for (const [command, ...args] of steps) {
    const step = runStep(command, args);
    const unregister = stopOnSignal((signal) => stopStep(step, signal));
    const code = await step.done;
    // Stopped by a signal: the handler exits, with that signal's code, once the step's group is gone.
    if (stopping()) return new Promise<number>(() => undefined);
    unregister();
    if (code !== 0) return code;
  }
  return 0;
}

if (require.main === module) {
  runSteps(STEPS.map((name): [string, ...string[]] => ["npm", "run", name])).then((code) => process.exit(code));
}
