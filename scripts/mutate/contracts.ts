/**
 * The contracts' mutants, made by SuMo (@morenabarboni/sumo): its parser and its operators'
 * getMutations, on the functions and operators of scope.ts. Each mutant is compiled and tested in
 * the workspace (workspace.ts) by each suite alone: the Hardhat tests, then the invariant suite.
 *
 * SuMo's own runner (`sumo test`) is not used, for reasons of this repo (docs/testing.md §8): it
 * runs forge through the npm wrapper, which exits 0 whatever the tests do, so every mutant would
 * survive the invariant suite; it runs one suite per run, every test file, in the repo itself
 * (mutating mocks/contracts/ while `npm test` may be reading it); and it mutates whole files.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { BOR_KEPT, CONTRACT_SCOPE, HARDHAT_FILES_FIRST, HARDHAT_FILES_LEFT_OUT, INVARIANT_RUNS, INVARIANT_SEED, SUMO_OPERATORS } from "./scope";
import { forgeBinary } from "../lib/forge";
import { HARDHAT, ROOT, run, type Outcome, type Workspace } from "./workspace";

/** "error": the suite exited non-zero without a failing test (a crash, a failed start): no verdict. */
export type Status = "killed" | "survived" | "timed out" | "stillborn" | "error";

export interface ContractMutant {
  /** SuMo's id: a hash of the file, the place and the replacement. */
  id: string;
  /** mocks/contracts/<file> */
  file: string;
  line: number;
  operator: string;
  original: string;
  replacement: string;
  /** The mutated source. */
  text: string;
}

interface SumoMutation {
  id: string;
  start: number;
  end: number;
  startLine: number;
  original: string;
  replace: string;
  operator: string;
  applyToString(source: string): string;
}

const SUMO_DIR = path.dirname(require.resolve("@morenabarboni/sumo/package.json"));
/** SuMo is CommonJS without types: its modules are loaded by path. */
const load = createRequire(__filename);

/** Every mutant of scope.ts, in file order. */
export function contractMutants(): ContractMutant[] {
  // SuMo's parser, the version SuMo depends on.
  const parser = load(require.resolve("@solidity-parser/parser", { paths: [SUMO_DIR] }));
  const mutants: ContractMutant[] = [];
  for (const [file, functions] of Object.entries(CONTRACT_SCOPE)) {
    const full = path.join(ROOT, "mocks", "contracts", file);
    const source = readFileSync(full, "utf8");
    const ast = parser.parse(source, { range: true, loc: true });
    const ranges: [number, number][] = [];
    parser.visit(ast, {
      FunctionDefinition: (node: { name: string; range: [number, number] }) => {
        if (functions.includes(node.name)) ranges.push(node.range);
      },
    });
    const missing = functions.filter((name) => !source.includes(`function ${name}(`));
    if (missing.length > 0) throw new Error(`scripts/mutate/scope.ts names functions ${file} no longer has: ${missing.join(", ")}`);
    for (const operatorFile of SUMO_OPERATORS) {
      const Operator = load(path.join(SUMO_DIR, "src", "operators", operatorFile));
      const operator = new Operator();
      const mutations = operator.getMutations(full, source, parser.visit.bind(parser, ast)) as SumoMutation[];
      for (const mutation of mutations) {
        if (!ranges.some(([start, end]) => mutation.start >= start && mutation.end <= end + 1)) continue;
        if (operator.ID === "BOR" && !BOR_KEPT.has(mutation.original.trim())) continue;
        if (operator.ID === "CSC" && mutation.replace !== "false") continue;
        mutants.push({
          id: mutation.id,
          file,
          line: mutation.startLine,
          operator: operator.ID,
          original: mutation.original.trim().replace(/\s+/g, " "),
          replacement: mutation.replace.trim(),
          text: mutation.applyToString(source),
        });
      }
    }
  }
  return mutants;
}

/** "Revenue.sol:193 BOR < -> <=": where and what, as the report and equivalent.json say it. */
export const describeMutant = (mutant: ContractMutant) =>
  `${mutant.file}:${mutant.line} ${mutant.operator} ${shorten(mutant.original)} -> ${shorten(mutant.replacement)}`;
const shorten = (text: string) => (text.length > 48 ? `${text.slice(0, 45)}...` : text);

export type ContractSuite = "hardhat" | "invariant";

/** The Hardhat files for a mutant of `file`: its contract's own first, then the rest. */
export function hardhatFiles(file: string): string[] {
  const all = readdirSync(path.join(ROOT, "test", "contracts"))
    .filter((name) => name.endsWith(".test.ts"))
    .map((name) => name.replace(/\.test\.ts$/, ""))
    .filter((name) => !HARDHAT_FILES_LEFT_OUT.includes(name))
    .sort();
  const first = HARDHAT_FILES_FIRST[file] ?? [];
  return [...first, ...all.filter((name) => !first.includes(name))].map((name) => `test/contracts/${name}.test.ts`);
}

/** Hardhat: the files given, stopping at the first failure. */
export function runHardhat(workspace: Workspace, files: string[], timeoutMs: number, grep?: string): Promise<Outcome> {
  return run(process.execPath, [HARDHAT, "test", "--config", "hardhat.mutate.config.ts", "--bail", ...(grep ? ["--grep", grep] : []), ...files], {
    cwd: workspace.dir,
    // Without a terminal mocha prints no colours; the fork's settings must not leak in.
    env: { BSC_FORK_URL: "", FORCE_COLOR: "0" },
    timeoutMs,
  });
}

/** The invariant suite: a short fixed-seed run, no shrinking, its failures kept apart and dropped. */
export function runInvariant(workspace: Workspace, timeoutMs: number, runs = INVARIANT_RUNS): Promise<Outcome> {
  const persist = path.join(workspace.dir, "cache", "invariant-mutants");
  rmSync(persist, { recursive: true, force: true });
  return run(forgeBinary(), ["test", "--fuzz-seed", INVARIANT_SEED], {
    cwd: workspace.dir,
    env: {
      FOUNDRY_OPTIMIZER: "false",
      FOUNDRY_INVARIANT_RUNS: String(runs),
      FOUNDRY_INVARIANT_SHRINK_RUN_LIMIT: "0",
      FOUNDRY_INVARIANT_FAILURE_PERSIST_DIR: persist,
      FOUNDRY_INVARIANT_SHOW_METRICS: "false",
      NO_COLOR: "1",
    },
    timeoutMs,
  });
}

/** What an outcome says of a mutant: compiled or not, and the suite's verdict. Killed only when a
 *  test says it failed (mocha's "N failing", forge's "[FAIL"): a suite that crashed or did not start
 *  has given no verdict, and counting it as a kill would raise the score. */
export function statusOf(suite: ContractSuite, outcome: Outcome): Status {
  if (outcome.code === undefined) return "timed out";
  const text = outcome.output;
  if (suite === "hardhat" ? /HH600|Compilation failed/.test(text) && !/passing|failing/.test(text) : /Compiler run failed|Error \(\d+\):/.test(text)) {
    return "stillborn";
  }
  const testFailed = suite === "hardhat" ? /^\s*\d+ failing/m.test(text) : text.includes("[FAIL");
  if (testFailed) return "killed";
  return outcome.code === 0 ? "survived" : "error";
}

/** The first line of a failure, for the report: which test or invariant killed it. */
export function killedBy(suite: ContractSuite, output: string): string {
  if (suite === "hardhat") {
    const match = /\n\s*1\) (.+)\n(?:\s+(.+)\n)?/.exec(output);
    return match ? [match[1], match[2]].filter(Boolean).join(" ").trim().slice(0, 140) : "";
  }
  const match = /\[FAIL: ([^\]\n]{0,140})/.exec(output);
  return match ? match[1] : "";
}
