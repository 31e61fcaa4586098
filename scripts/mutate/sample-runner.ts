/**
 * The CI sample's Hardhat side, in one process (`hardhat run` in the workspace, scripts/mutate/index.ts
 * starts it): first the sample's tests without a mutant (they must pass, or a "killed" would mean
 * nothing), then each mutant in turn: its source written, compiled, the chain reset, the modules of
 * the workspace loaded afresh (the bindings carry the bytecode), its tests run to the first failure.
 * One process instead of one per mutant saves Hardhat's start, most of the sample's time
 * (docs/testing.md §8).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import hre from "hardhat";

interface Job {
  name: string;
  /** The repo-relative file and its mutated text; none for the run without a mutant. */
  file?: string;
  text?: string;
  tests: string[];
  grep?: string;
}

async function main(): Promise<void> {
  const root = hre.config.paths.root;
  const jobs = JSON.parse(readFileSync(process.env.MUTATE_SAMPLE_JOBS!, "utf8")) as Job[];
  const results: { name: string; failures: number; seconds: number }[] = [];
  for (const job of jobs) {
    const started = Date.now();
    const original = job.file ? readFileSync(path.join(root, job.file), "utf8") : undefined;
    if (job.file) writeFileSync(path.join(root, job.file), job.text!);
    try {
      await hre.run("compile", { quiet: true });
      for (const id of Object.keys(require.cache)) if (id.startsWith(root + path.sep) && !id.includes(`${path.sep}node_modules${path.sep}`)) delete require.cache[id];
      await hre.network.provider.request({ method: "hardhat_reset", params: [] });
      const failures = (await hre.run("test:run-mocha-tests", { testFiles: job.tests.map((file) => path.join(root, file)), bail: true, grep: job.grep })) as number;
      results.push({ name: job.name, failures, seconds: (Date.now() - started) / 1000 });
    } finally {
      if (job.file) writeFileSync(path.join(root, job.file), original!);
    }
  }
  writeFileSync(process.env.MUTATE_SAMPLE_RESULTS!, JSON.stringify(results));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
