/**
 * A deep run of the contracts' invariant suite (test/invariant): `npm run fuzz -- --runs 1000
 * --depth 1000 [--seed 42]`. `npm test` runs the same suite at foundry.toml's depth (250 runs of
 * 400 calls); this takes any number of runs and calls per run, and a seed to repeat a run. forge
 * prints the calls made per action and, for a failure, the shortest sequence of calls it found
 * that breaks an invariant, as Solidity calls. This adds the totals: calls, refusals, time.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1000" },
    depth: { type: "string", default: "1000" },
    seed: { type: "string" },
  },
});

const whole = (name: string, text: string | undefined): string => {
  if (text === undefined || !/^[1-9]\d*$/.test(text)) throw new Error(`--${name} takes a whole number above 0, not "${text}"`);
  return text;
};
const runs = whole("runs", values.runs);
const depth = whole("depth", values.depth);
const seed = values.seed === undefined ? [] : ["--fuzz-seed", whole("seed", values.seed)];

const planned = Number(runs) * Number(depth);
console.log(`invariant suite: ${runs} runs of ${depth} calls, ${planned.toLocaleString("en-US")} calls`);
const started = Date.now();
const root = path.join(__dirname, "..");
const forge = spawn(path.join(root, "node_modules", ".bin", "forge"), ["test", "-vv", ...seed], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, FOUNDRY_INVARIANT_RUNS: runs, FOUNDRY_INVARIANT_DEPTH: depth },
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
  if (code !== 0) console.log("A failure above: its [Sequence] is the reproduction; forge replays it first on the next run.");
  process.exit(code ?? 1);
});
