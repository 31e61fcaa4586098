/**
 * A deep run of the contracts' invariant suite (test/invariant): `npm run fuzz -- --runs 1000
 * --depth 1000 [--seed 42]`. `npm test` runs the same suite at foundry.toml's depth (100,000 calls);
 * this takes any depth and number of runs, and a seed to repeat a run. forge prints the calls made,
 * and for a failure the shortest sequence of calls it found that breaks an invariant.
 */
import { spawnSync } from "node:child_process";
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

console.log(`invariant suite: ${runs} runs of ${depth} calls, ${(Number(runs) * Number(depth)).toLocaleString("en-US")} calls`);
const forge = path.join(__dirname, "..", "node_modules", ".bin", "forge");
const result = spawnSync(forge, ["test", "-vv", ...seed], {
  cwd: path.join(__dirname, ".."),
  stdio: "inherit",
  env: { ...process.env, FOUNDRY_INVARIANT_RUNS: runs, FOUNDRY_INVARIANT_DEPTH: depth },
});
process.exit(result.status ?? 1);
