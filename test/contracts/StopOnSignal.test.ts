/**
 * A Ctrl-C or a SIGTERM to `npm test` stops every process it started (scripts/test.ts,
 * scripts/lib/stop-on-signal.ts): the step running, the children it started in process groups of
 * their own (a terminal's Ctrl-C does not reach those) and its plain children. Against a stand-in
 * for the steps (fixtures/signal-steps.ts), so that it takes seconds.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect } from "chai";

const FIXTURE = path.join(__dirname, "fixtures", "signal-steps.ts");

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("npm test on a signal", function () {
  this.timeout(60_000);

  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const) {
    it(`stops the step and everything it started on ${signal}, and exits ${code}`, async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "signals-"));
      const pidFile = path.join(dir, "pids.json");
      try {
        const runner = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", FIXTURE, pidFile], { stdio: "ignore" });
        const exited = new Promise<number | null>((resolve) => runner.once("exit", (exitCode) => resolve(exitCode)));
        await until(() => existsSync(pidFile), 30_000, "the step to start its children");
        const pids = JSON.parse(readFileSync(pidFile, "utf8")) as { step: number; service: number; plain: number };
        for (const pid of Object.values(pids)) expect(alive(pid), `process ${pid} running`).to.equal(true);

        // The signal to the runner alone, as npm passes it on (not to its process group, as a terminal would).
        runner.kill(signal);
        expect(await exited).to.equal(code);
        for (const [name, pid] of Object.entries(pids)) await until(() => !alive(pid), 10_000, `the ${name} process to stop`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
