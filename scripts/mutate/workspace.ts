/**
 * Where mutants are compiled and tested: a copy of what the contract suites need, under .mutate/
 * (git-ignored), so the repo's own sources, artifacts and bindings are never touched. `npm test`
 * runs the CI sample beside the contract tests, which read artifacts/ and mocks/types/: a mutant
 * written there would be deployed by them. The copy is removed when the run ends.
 *
 * The copy compiles without the optimizer (a mutant compiles in about 2 s instead of 5, and forge
 * builds the invariant suite in 3 s instead of 10): the behaviour is the same, only gas and code
 * size differ (Main is then over EIP-170's 24 kB, so the copy's chain allows that), and no suite
 * run here measures either (the gas snapshot is left out, docs/testing.md §8).
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.join(__dirname, "..", "..");
export const MUTATE_DIR = path.join(ROOT, ".mutate");

/** What the Hardhat and forge suites read, copied (the rest of the repo is not needed). */
const COPIED = ["hardhat.config.ts", "tsconfig.json", "package.json", "foundry.toml", "contracts-abi", "typechain-types", "scripts/lib", "scripts/ignition", "scripts/tasks", "scripts/forge-solc", "mocks/contracts", "test/contracts", "test/invariant", "test/fork", "mocks/api", "web/src"];

const MUTATE_CONFIG = `// Written by scripts/mutate/workspace.ts: the repo's config without the optimizer (so without
// EIP-170's size limit, which Main passes only optimised).
import config from "./hardhat.config";

const solidity = config.solidity as { version: string; settings: Record<string, unknown> };
const hardhat = config.networks!.hardhat!;
export default {
  ...config,
  solidity: { ...solidity, settings: { ...solidity.settings, optimizer: { enabled: false } } },
  networks: { ...config.networks, hardhat: { ...hardhat, allowUnlimitedContractSize: true } },
};
`;

export interface Workspace {
  dir: string;
  /** Writes `text` as the workspace's copy of `file` (a repo-relative path). */
  write(file: string, text: string): void;
  /** The repo's own text of `file`. */
  original(file: string): string;
  /** Puts the repo's text of `file` back in the workspace. */
  restore(file: string): void;
  remove(): void;
}

export function createWorkspace(name: string): Workspace {
  const dir = path.join(MUTATE_DIR, `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of COPIED) cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  writeFileSync(path.join(dir, "hardhat.mutate.config.ts"), MUTATE_CONFIG);
  const originals = new Map<string, string>();
  const original = (file: string) => {
    if (!originals.has(file)) originals.set(file, readFileSync(path.join(ROOT, file), "utf8"));
    return originals.get(file)!;
  };
  const workspace: Workspace = {
    dir,
    write: (file, text) => writeFileSync(path.join(dir, file), text),
    original,
    restore: (file) => writeFileSync(path.join(dir, file), original(file)),
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      workspaces.delete(workspace);
    },
  };
  workspaces.add(workspace);
  return workspace;
}

/** The copies made by this process and not yet removed. */
const workspaces = new Set<Workspace>();

/** On Ctrl-C or a SIGTERM, whatever runs (a contract suite, or Stryker alone with `--suite web`):
 *  the children run in process groups of their own (for the time limit), which the terminal's
 *  signal does not reach, so they are stopped here, then the copies they ran in are removed. */
function stopEverything(): void {
  for (const pid of running) killGroup(pid);
  for (const workspace of [...workspaces]) workspace.remove();
  process.exit(130);
}
process.once("SIGINT", stopEverything);
process.once("SIGTERM", stopEverything);

/** Removes what a run ended by force left (a copy whose process is gone). */
export function removeStaleWorkspaces(): void {
  if (!existsSync(MUTATE_DIR)) return;
  for (const entry of readdirSync(MUTATE_DIR)) {
    const pid = Number(/-(\d+)$/.exec(entry)?.[1]);
    if (!pid) continue;
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive) rmSync(path.join(MUTATE_DIR, entry), { recursive: true, force: true });
  }
}

export interface Outcome {
  /** Exit status, or undefined when stopped at the time limit. */
  code: number | undefined;
  output: string;
  seconds: number;
}

/** The process groups of the commands running now (run below). */
const running = new Set<number>();

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/** Runs a command to its end or its time limit, output kept (and shown when `echo`). */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs: number; echo?: boolean }): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    const keep = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (options.echo) process.stdout.write(chunk);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    if (child.pid) running.add(child.pid);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The child's own process group: hardhat and forge start no daemons, but a test may.
      if (child.pid) killGroup(child.pid);
    }, options.timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (child.pid) running.delete(child.pid);
      resolve({ code: timedOut ? undefined : (code ?? 1), output, seconds: (Date.now() - started) / 1000 });
    });
  });
}

export const HARDHAT = path.join(ROOT, "node_modules", "hardhat", "internal", "cli", "bootstrap.js");
