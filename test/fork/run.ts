/**
 * CI's fork run (`npm run test:fork`, part of `npm test`; docs/operations.md §2): a stand-in BNB
 * Chain of its own (test/fork/standin/), then on forks of it the whole contract suite, and
 * `npm run dev` (indexer included) with one browser synthesis paid in USDT, found in history. It prints the stand-in's block, what stands at BNB Chain's
 * addresses, the number of contract tests that ran on the fork, what deploy kept, and the
 * synthesis; each part's full output goes to test-results/, its tail is shown when it fails.
 * Nothing reaches the network.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

import { ON_FORK_LINE } from "../contracts/shared/on-fork";
import { freePort } from "../../scripts/lib/free-port";
import { ROOT, bin, stopAll } from "../../scripts/lib/stack";
import { FORK_SYNTHESIS_RESULT, type ForkSynthesisResult } from "./result";
import { startStandIn } from "./standin/standin";

const RESULTS = path.join(ROOT, "test-results");

/** Deploy's line for each mainnet address (scripts/lib/deploy.ts), echoed by the fork's dev stack (test/e2e/fork/dev-stack.ts). */
const PLACEMENT = /kept BNB Chain's contract|placed a mock|kept the mock/;

interface Run {
  code: number | null;
  lines: string[];
  seconds: number;
}

/** The test runs in progress (run below), stopped with the stand-in on a signal. */
const running = new Set<ChildProcess>();

/** Runs a command with `env` to its end, its output (colours off) kept and written to `log`. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, log: string): Promise<Run> {
  const started = Date.now();
  const file = createWriteStream(log);
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    file.write(chunk);
    lines.push(...chunk.toString().split(/\r?\n/));
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return new Promise((resolve) => {
    child.once("exit", (code) => {
      running.delete(child);
      file.end();
      resolve({ code, lines, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const say = (line = "") => console.log(line);
const failed = (what: string, result: Run, log: string) => {
  say(`${what} FAILED (exit ${result.code}); the last lines (all of them in ${path.relative(ROOT, log)}):`);
  for (const line of result.lines.filter((line) => line.trim() !== "").slice(-40)) say(`  ${line}`);
};

async function main(): Promise<number> {
  const started = Date.now();
  mkdirSync(RESULTS, { recursive: true });
  say("Fork run: a stand-in BNB Chain on this machine, the contract tests and a browser synthesis on forks of it.");
  const standIn = await startStandIn(await freePort());
  stopStandIn = () => standIn.stop();
  try {
    say(`Stand-in BNB Chain: chain id 56 at ${standIn.url}, head at block ${standIn.blockNumber}, holding`);
    for (const [name, what] of Object.entries(standIn.contracts)) say(`  ${name.padEnd(10)} ${what}`);
    const env = { BSC_FORK_URL: standIn.url, BSC_FORK_BLOCK: "" };
    let ok = true;

    // Both at once: each mostly waits (on the stand-in, on the browser), and the run stays short.
    const contractsLog = path.join(RESULTS, "fork-contracts.log");
    const browserLog = path.join(RESULTS, "fork-browser.log");
    rmSync(FORK_SYNTHESIS_RESULT, { force: true });
    const [contracts, browser] = await Promise.all([
      run(bin("hardhat"), ["test"], env, contractsLog),
      run(bin("vitest"), ["run", "--config", "test/e2e/vitest.fork.config.mts"], env, browserLog),
    ]);

    const onFork = contracts.lines.find((line) => line.startsWith(ON_FORK_LINE));
    const counts = contracts.lines.filter((line) => /^\s+\d+ (passing|failing|pending)/.test(line)).map((line) => line.trim());
    say(`Contract tests on a fork of it (${contracts.seconds} s): ${counts.join(", ") || "no count"}.`);
    if (onFork) say(`  ${onFork}`);
    if (contracts.code !== 0 || !onFork) {
      failed("The contract tests on the fork", contracts, contractsLog);
      ok = false;
    }

    say(`Browser synthesis on a fork of it, in the app \`npm run dev\` serves there (${browser.seconds} s, the stack included):`);
    for (const line of browser.lines.filter((line) => PLACEMENT.test(line))) say(`  deploy: ${line.trim().replace(/\s+/g, " ")}`);
    if (browser.code === 0 && existsSync(FORK_SYNTHESIS_RESULT)) {
      const result = JSON.parse(readFileSync(FORK_SYNTHESIS_RESULT, "utf8")) as ForkSynthesisResult;
      say(`  synthesised ${result.hashrate} hashrate for ${result.paidUsdt} USDT (BNB Chain's USDT on the fork at block ${result.forkBlock}), merge record #${result.record}.`);
      say(`  in history (the dev command's indexer, reading from block ${result.indexedFrom}): "${result.historyRow}".`);
    } else {
      failed("The browser synthesis on the fork", browser, browserLog);
      ok = false;
    }
    say(`Fork run ${ok ? "passed" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s.`);
    return ok ? 0 : 1;
  } finally {
    await standIn.stop();
  }
}

let stopStandIn: (() => Promise<void>) | undefined;

// A Ctrl-C (or CI's timeout, whose SIGTERM reaches only this process) stops the test runs, then the
// stand-in (its node and its fork cache), as the finally above would.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill("SIGTERM");
    void Promise.all([stopStandIn?.(), stopAll()]).finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
