/**
 * `npm run mutate`: the mutation score of each suite, against its budget (docs/testing.md §8).
 *
 * - Contracts: SuMo's mutants of the money rules (scope.ts), each compiled and run by each suite
 *   alone, the Hardhat tests and the invariant suite (contracts.ts), in a copy of the repo
 *   (workspace.ts).
 * - Web: Stryker with its Vitest runner on the web app's money logic (stryker.config.mjs, web.ts).
 *
 * Prints per suite: mutants, killed, survived, score, and every survivor (file:line, mutation).
 * A survivor is either killed by a test or listed in equivalent.json with its reason: a listed one
 * is not counted (and not shown as a failure); a listed one that no longer survives, or no longer
 * exists, is reported and fails the run, so the list stays true. Exits non-zero when a score is
 * under its budget or a survivor is unlisted.
 *
 *   npm run mutate                               everything (about 65 minutes here, docs/testing.md §8)
 *   npm run mutate -- --suite hardhat|invariant|web   one suite
 *   npm run mutate -- --file Revenue.sol --mutant m1a2b3c4d   some contract mutants only
 *   npm run mutate -- --list                     the contract mutants, nothing run
 *   npm run mutate -- --sample                   the CI sample (in `npm test`): scope.ts's SAMPLE
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { table, checksTable, type Check } from "../bench/budgets";
import { contractMutants, describeMutant, hardhatFiles, killedBy, runHardhat, runInvariant, statusOf, type ContractMutant, type ContractSuite, type Status } from "./contracts";
import { MUTATION_BUDGETS, SAMPLE } from "./scope";
import { runStryker, type WebMutant } from "./web";
import { createWorkspace, HARDHAT, MUTATE_DIR, removeStaleWorkspaces, ROOT, run } from "./workspace";

const { values } = parseArgs({
  options: {
    suite: { type: "string", multiple: true },
    file: { type: "string", multiple: true },
    mutant: { type: "string", multiple: true },
    list: { type: "boolean", default: false },
    sample: { type: "boolean", default: false },
  },
});

type Suite = ContractSuite | "web";
const SUITES: Suite[] = ["hardhat", "invariant", "web"];
const suites = (values.suite ?? SUITES) as Suite[];
for (const suite of suites) if (!SUITES.includes(suite)) throw new Error(`--suite takes ${SUITES.join(", ")}, not "${suite}"`);

const SUITE_NAMES: Record<Suite, string> = {
  hardhat: "contracts, Hardhat tests alone (SuMo)",
  invariant: "contracts, invariant suite alone (SuMo)",
  web: "web money logic, Vitest (Stryker)",
};

/** A mutant known to survive, and why that is no failure (equivalent.json). */
interface Listed {
  /** Contract mutants: SuMo's id; web mutants: web.ts's key. */
  id: string;
  /** What and where, for the reader (contract mutants: describeMutant's text). */
  mutant?: string;
  suites: Suite[];
  /** equivalent: no behaviour changes; unseen: the suite cannot see the rule (the other suite holds it). */
  kind: "equivalent" | "unseen";
  reason: string;
}
const EQUIVALENT_FILE = path.join(__dirname, "equivalent.json");
const listed = JSON.parse(readFileSync(EQUIVALENT_FILE, "utf8")) as Listed[];
const listedFor = (suite: Suite, id: string) => listed.find((entry) => entry.id === id && entry.suites.includes(suite));

interface Result {
  suite: Suite;
  id: string;
  where: string;
  status: Status | "no coverage" | "invalid";
  by?: string;
  seconds?: number;
}

const HARDHAT_TIMEOUT_MS = 240_000;
const INVARIANT_TIMEOUT_MS = 180_000;

async function runContracts(mutants: ContractMutant[], contractSuites: ContractSuite[]): Promise<Result[]> {
  const workspace = createWorkspace("contracts");
  const results: Result[] = [];
  try {
    // The suites must pass without a mutant, as they do here (and the workspace's copy compiles).
    for (const suite of contractSuites) {
      process.stdout.write(`Without a mutant, ${suite}… `);
      const files = hardhatFiles("");
      const outcome = suite === "hardhat" ? await runHardhat(workspace, files, HARDHAT_TIMEOUT_MS) : await runInvariant(workspace, INVARIANT_TIMEOUT_MS);
      if (statusOf(suite, outcome) !== "survived") {
        console.log(outcome.output.slice(-4000));
        throw new Error(`The ${suite} suite fails without a mutant: fix that first`);
      }
      console.log(`passes (${outcome.seconds.toFixed(0)} s)`);
    }
    for (const [index, mutant] of mutants.entries()) {
      const file = `mocks/contracts/${mutant.file}`;
      workspace.write(file, mutant.text);
      const line: string[] = [];
      for (const suite of contractSuites) {
        const outcome = suite === "hardhat" ? await runHardhat(workspace, hardhatFiles(mutant.file), HARDHAT_TIMEOUT_MS) : await runInvariant(workspace, INVARIANT_TIMEOUT_MS);
        const status = statusOf(suite, outcome);
        results.push({ suite, id: mutant.id, where: describeMutant(mutant), status, by: status === "killed" ? killedBy(suite, outcome.output) : undefined, seconds: outcome.seconds });
        line.push(`${suite} ${status} (${outcome.seconds.toFixed(0)} s)`);
      }
      workspace.restore(file);
      console.log(`[${index + 1}/${mutants.length}] ${mutant.id} ${describeMutant(mutant)}: ${line.join(", ")}`);
    }
  } finally {
    workspace.remove();
  }
  return results;
}

async function runWeb(): Promise<Result[]> {
  const mutants = await runStryker(3 * 3600_000);
  return mutants.map((mutant: WebMutant) => ({ suite: "web" as const, id: mutant.key, where: mutant.key, status: mutant.status, by: mutant.killedBy }));
}

/** Per suite: the counts, the score against the budget, the survivors; and the listed entries gone stale. */
function report(results: Result[], ran: Suite[], seconds: Record<string, number>): boolean {
  const rows: string[][] = [];
  const checks: Check[] = [];
  const problems: string[] = [];
  for (const suite of ran) {
    const mine = results.filter((result) => result.suite === suite);
    // A run that ended without a verdict fails the whole run: its mutant is neither killed nor survived.
    for (const result of mine.filter((item) => item.status === "error")) problems.push(`${suite}: ${result.where}: the suite crashed or did not start, no test verdict: rerun it with --mutant`);
    const valid = mine.filter((result) => result.status !== "stillborn" && result.status !== "invalid" && result.status !== "error");
    const killed = valid.filter((result) => result.status === "killed" || result.status === "timed out");
    const survivors = valid.filter((result) => result.status === "survived" || result.status === "no coverage");
    const excused = survivors.filter((result) => listedFor(suite, result.id));
    // A mutant listed as unseen by this suite is out of its score whether it survived or not.
    const unseenKilled = killed.filter((result) => listedFor(suite, result.id)?.kind === "unseen");
    const counted = valid.length - excused.length - unseenKilled.length;
    const score = counted === 0 ? 100 : (100 * (killed.length - unseenKilled.length)) / counted;
    const raw = valid.length === 0 ? 100 : (100 * killed.length) / valid.length;
    const budget = suite === "web" ? MUTATION_BUDGETS.web : MUTATION_BUDGETS.contractsPerSuite;
    rows.push([
      SUITE_NAMES[suite],
      String(mine.length),
      String(killed.length),
      String(survivors.length),
      String(excused.length),
      String(mine.length - valid.length),
      `${score.toFixed(1)}%`,
      `${raw.toFixed(1)}%`,
      seconds[suite] === undefined ? "" : `${Math.round(seconds[suite] / 60)} min`,
    ]);
    checks.push({ what: `mutation score: ${SUITE_NAMES[suite]}`, value: `${score.toFixed(1)}%`, budget: `>= ${budget}%`, ok: score >= budget });
    if (survivors.length > 0) {
      console.log(`\nSurvivors, ${SUITE_NAMES[suite]}:`);
      for (const survivor of survivors) {
        const entry = listedFor(suite, survivor.id);
        console.log(`  ${survivor.id === survivor.where ? survivor.where : `${survivor.id} ${survivor.where}`}${survivor.status === "no coverage" ? " (no test runs it)" : ""}`);
        console.log(entry ? `      listed, ${entry.kind}: ${entry.reason}` : "      NOT LISTED: kill it with a test, or list it in scripts/mutate/equivalent.json with the reason");
        if (!entry) problems.push(`${suite}: ${survivor.where} survives`);
      }
    }
    // A listed mutant must still exist and still survive, where this run could tell.
    for (const entry of listed.filter((item) => item.suites.includes(suite))) {
      const result = mine.find((item) => item.id === entry.id);
      if (!result && (suite === "web" || values.mutant === undefined) && values.file === undefined) problems.push(`${suite}: listed ${entry.mutant ?? entry.id} is no longer made: take it out of equivalent.json`);
      else if (result && (result.status === "killed" || result.status === "timed out")) {
        // An equivalent one killed means the reason was wrong; an unseen one that a run happens to
        // reach (the fill limit, say) is only news: the other suite holds it either way.
        const news = `${suite}: listed ${entry.mutant ?? entry.id} was killed this time (${result.by ?? ""})`;
        if (entry.kind === "equivalent") problems.push(`${news}: it is not equivalent, take it out of equivalent.json`);
        else console.log(`Note: ${news}; listed as unseen by this suite, it is not counted either way.`);
      }
    }
  }
  console.log("\nMutation scores (score: killed over the mutants not listed in scripts/mutate/equivalent.json; raw: over all)\n");
  console.log(table(["suite", "mutants", "killed", "survived", "listed", "not run", "score", "raw", "time"], rows));
  console.log("(not run: a contract mutant that does not compile; a web mutant in code run once at import, which Stryker leaves out)");
  console.log("\nBudgets\n");
  console.log(checksTable(checks));
  for (const problem of problems) console.error(problem);
  const broken = checks.filter((check) => !check.ok);
  console.log(`\n${checks.length - broken.length} of ${checks.length} budgets met${problems.length > 0 ? `; ${problems.length} survivor(s) or list entries to deal with` : ""}.`);
  return broken.length === 0 && problems.length === 0;
}

/**
 * The CI sample: each of scope.ts's SAMPLE mutants must be killed by the tests named. One Hardhat
 * process runs them all (sample-runner.ts), after the same tests without a mutant.
 */
async function runSample(): Promise<boolean> {
  const started = Date.now();
  const workspace = createWorkspace("sample");
  const failures: string[] = [];
  try {
    const jobs: { name: string; file?: string; text?: string; tests: string[]; grep?: string }[] = [];
    // Without a mutant first: the sample's test files, with the tests its mutants run.
    for (const tests of new Set(SAMPLE.map((mutant) => mutant.tests.join(" ")))) {
      const greps = SAMPLE.filter((mutant) => mutant.tests.join(" ") === tests).map((mutant) => mutant.grep);
      jobs.push({ name: `without a mutant: ${tests}`, tests: tests.split(" "), grep: greps.includes(undefined) ? undefined : greps.join("|") });
    }
    for (const mutant of SAMPLE) {
      const original = workspace.original(mutant.file);
      const at = original.indexOf(mutant.from);
      if (at === -1 || original.indexOf(mutant.from, at + 1) !== -1) {
        failures.push(`${mutant.name}: "${mutant.from}" must occur once in ${mutant.file}; update scripts/mutate/scope.ts's SAMPLE`);
        continue;
      }
      jobs.push({ name: mutant.name, file: mutant.file, text: original.replace(mutant.from, mutant.to), tests: mutant.tests, grep: mutant.grep });
    }
    // And again at the end: a test that fails there was broken by an earlier job, not by its mutant.
    jobs.push(...jobs.filter((job) => !job.file).map((job) => ({ ...job, name: `${job.name}, again` })));
    const jobsFile = path.join(workspace.dir, "sample-jobs.json");
    const resultsFile = path.join(workspace.dir, "sample-results.json");
    writeFileSync(jobsFile, JSON.stringify(jobs));
    const outcome = await run(process.execPath, [HARDHAT, "run", "--config", "hardhat.mutate.config.ts", path.join(__dirname, "sample-runner.ts")], {
      cwd: workspace.dir,
      env: { BSC_FORK_URL: "", FORCE_COLOR: "0", MUTATE_SAMPLE_JOBS: jobsFile, MUTATE_SAMPLE_RESULTS: resultsFile },
      timeoutMs: HARDHAT_TIMEOUT_MS,
    });
    if (outcome.code !== 0 || !existsSync(resultsFile)) {
      console.log(outcome.output.slice(-6000));
      throw new Error("The sample's Hardhat run failed (above)");
    }
    const results = JSON.parse(readFileSync(resultsFile, "utf8")) as { name: string; failures: number; seconds: number }[];
    for (const result of results) {
      const baseline = result.name.startsWith("without a mutant");
      const ok = baseline ? result.failures === 0 : result.failures > 0;
      const line = `${result.name}: ${baseline ? (ok ? "tests pass" : "TESTS FAIL") : ok ? "killed" : "SURVIVED"} (${result.seconds.toFixed(1)} s)`;
      console.log(line);
      if (!ok) failures.push(line);
    }
    if (!results.every((result) => result.name.startsWith("without a mutant") ? result.failures === 0 : true)) console.log(outcome.output.slice(-6000));
  } finally {
    workspace.remove();
  }
  const count = SAMPLE.length;
  console.log(`\nCI mutation sample: ${count} mutants of the contracts' money rules, ${failures.length === 0 ? "all killed" : `${failures.length} problem(s)`}, in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const failure of failures) console.error(`Mutation sample: ${failure}`);
  return failures.length === 0;
}

async function main(): Promise<void> {
  removeStaleWorkspaces();
  mkdirSync(MUTATE_DIR, { recursive: true });
  if (values.sample) {
    process.exitCode = (await runSample()) ? 0 : 1;
    return;
  }
  let mutants = contractMutants();
  if (values.file) mutants = mutants.filter((mutant) => values.file!.includes(mutant.file));
  if (values.mutant) mutants = mutants.filter((mutant) => values.mutant!.includes(mutant.id));
  if (values.list) {
    for (const mutant of mutants) console.log(`${mutant.id} ${describeMutant(mutant)}`);
    console.log(`${mutants.length} contract mutants`);
    return;
  }
  const results: Result[] = [];
  const seconds: Record<string, number> = {};
  const contractSuites = suites.filter((suite): suite is ContractSuite => suite !== "web");
  if (contractSuites.length > 0) {
    console.log(`SuMo: ${mutants.length} mutants of the contracts' money rules, each run by ${contractSuites.join(" and by ")}\n`);
    const started = Date.now();
    results.push(...(await runContracts(mutants, contractSuites)));
    // Each suite's time is the sum of its runs; the whole includes the runs without a mutant.
    for (const suite of contractSuites) seconds[suite] = results.filter((result) => result.suite === suite).reduce((sum, result) => sum + (result.seconds ?? 0), 0);
    seconds.contracts = (Date.now() - started) / 1000;
  }
  if (suites.includes("web")) {
    console.log("\nStryker on the web money logic\n");
    const started = Date.now();
    results.push(...(await runWeb()));
    seconds.web = (Date.now() - started) / 1000;
  }
  writeFileSync(path.join(MUTATE_DIR, "results.json"), `${JSON.stringify({ measuredAt: new Date().toISOString(), seconds, results }, null, 2)}\n`);
  const ok = report(results, suites, seconds);
  console.log(`Results in ${path.relative(ROOT, path.join(MUTATE_DIR, "results.json"))}; ${Object.entries(seconds).map(([what, s]) => `${what} ${Math.round(s / 60)} min`).join(", ")}.`);
  process.exitCode = ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
