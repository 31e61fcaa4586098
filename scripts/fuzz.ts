/**
 * The contracts' invariant suite (test/invariant). `npm run test:invariant` (in `npm test`) runs it
 * at foundry.toml's depth (250 runs of 400 calls); `npm run fuzz -- --runs 1000 --depth 1000
 * [--seed 42]` as deep as you like, a seed repeating a run. forge prints the calls made per action
 * and, for a failure, the shortest sequence of calls it found that breaks an invariant, as
 * Solidity calls. This adds the totals (calls, refusals, time) and exits with forge's status.
 *
 * forge is run as the binary of this platform's package, not through the npm wrapper
 * (node_modules/.bin/forge): the wrapper exits 0 whatever forge exits with, so a broken invariant
 * would have passed `npm test`. A "[FAIL" in the output fails the run too, whatever the status.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";

import { forgeBinary } from "./lib/forge";

const { values } = parseArgs({
  options: {
    runs: { type: "string" },
    depth: { type: "string" },
    seed: { type: "string" },
  },
});

const whole = (name: string, text: string | undefined): string => {
  if (text === undefined || !/^[1-9]\d*$/.test(text)) throw new Error(`--${name} takes a whole number above 0, not "${text}"`);
  return text;
};
// Without --runs / --depth, foundry.toml's (what `npm test` runs).
const depthEnv: Record<string, string> = {};
if (values.runs !== undefined) depthEnv.FOUNDRY_INVARIANT_RUNS = whole("runs", values.runs);
if (values.depth !== undefined) depthEnv.FOUNDRY_INVARIANT_DEPTH = whole("depth", values.depth);
const seed = values.seed === undefined ? [] : ["--fuzz-seed", whole("seed", values.seed)];

if (values.runs !== undefined || values.depth !== undefined) console.log(`invariant suite: ${values.runs ?? "foundry.toml's"} runs of ${values.depth ?? "foundry.toml's"} calls`);
const started = Date.now();
const root = path.join(__dirname, "..");
const forge = spawn(forgeBinary(), ["test", "-vv", ...seed], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, ...depthEnv },
});
let output = "";
forge.stdout.setEncoding("utf8");
forge.stdout.on("data", (chunk: string) => {
  process.stdout.write(chunk);
  output += chunk;
});
forge.on("close", (code) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  // forge's own summary line: "(runs: 1000, calls: 1000000, reverts: 45000)".
  const summary = /runs: (\d+), calls: (\d+), reverts: (\d+)/.exec(output);
  if (summary) {
    const [calls, reverts] = [Number(summary[2]), Number(summary[3])];
    const share = calls === 0 ? "0" : ((100 * reverts) / calls).toFixed(1);
    console.log(
      `\n${calls.toLocaleString("en-US")} calls in ${seconds} s; ${reverts.toLocaleString("en-US")} (${share}%) refused as the model expected`,
    );
  }
  const failed = code !== 0 || output.includes("[FAIL");
  if (failed) console.log("A failure above: its [Sequence] is the reproduction; forge replays it first on the next run.");
  process.exit(failed ? code || 1 : 0);
});
