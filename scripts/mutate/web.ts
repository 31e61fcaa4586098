/**
 * Stryker (@stryker-mutator/core with its Vitest runner) on the web app's money logic, as
 * scripts/mutate/stryker.config.mjs says; its JSON report read back as mutants and their status.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { MUTATE_DIR, ROOT, run } from "./workspace";

const STRYKER = path.join(ROOT, "node_modules", "@stryker-mutator", "core", "bin", "stryker.js");
const CONFIG = "scripts/mutate/stryker.config.mjs";

export interface WebMutant {
  /** "web/src/lib/contracts/tolerance.ts:20:10-20:33 ArithmeticOperator -> amount - share(amount)": what equivalent.json names. */
  key: string;
  file: string;
  line: number;
  mutator: string;
  replacement: string;
  status: "killed" | "survived" | "timed out" | "no coverage" | "invalid";
  killedBy?: string;
}

interface Position {
  line: number;
  column: number;
}

interface ReportMutant {
  mutatorName: string;
  replacement?: string;
  location: { start: Position; end: Position };
  status: "Killed" | "Survived" | "NoCoverage" | "Timeout" | "CompileError" | "RuntimeError" | "Ignored" | "Pending";
  killedBy?: string[];
}

interface Report {
  files: Record<string, { mutants: ReportMutant[] }>;
  testFiles?: Record<string, { tests: { id: string; name: string }[] }>;
}

const STATUS: Record<ReportMutant["status"], WebMutant["status"]> = {
  Killed: "killed",
  Timeout: "timed out",
  Survived: "survived",
  NoCoverage: "no coverage",
  CompileError: "invalid",
  RuntimeError: "invalid",
  Ignored: "invalid",
  Pending: "invalid",
};

/** Where (start and end: mutants of `a && b` and of `a` alone start at the same place) and what. */
const webKey = (file: string, start: Position, end: Position, mutator: string, replacement: string) =>
  `${file}:${start.line}:${start.column}-${end.line}:${end.column} ${mutator} -> ${replacement.replace(/\s+/g, " ").slice(0, 60)}`;

/** Runs Stryker on the config's files, its progress shown, and returns its mutants. */
export async function runStryker(timeoutMs: number): Promise<WebMutant[]> {
  // The committed config, with its report and sandbox under .mutate/ (git-ignored).
  const dir = path.join(MUTATE_DIR, "stryker");
  mkdirSync(dir, { recursive: true });
  const reportFile = path.join(dir, "mutation.json");
  rmSync(reportFile, { force: true });
  const configFile = path.join(dir, "stryker.config.mjs");
  const overrides = {
    jsonReporter: { fileName: path.relative(ROOT, reportFile) },
    tempDirName: path.relative(ROOT, path.join(dir, "sandbox")),
  };
  writeFileSync(configFile, `import base from ${JSON.stringify(path.join(ROOT, CONFIG))};\nexport default { ...base, ...${JSON.stringify(overrides)} };\n`);
  const outcome = await run(process.execPath, [STRYKER, "run", path.relative(ROOT, configFile)], { cwd: ROOT, timeoutMs, echo: true });
  rmSync(path.join(dir, "sandbox"), { recursive: true, force: true });
  if (outcome.code !== 0 || !existsSync(reportFile)) {
    throw new Error(outcome.code === undefined ? "Stryker did not finish in time" : `Stryker failed (exit ${outcome.code})`);
  }
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as Report;
  const testNames = new Map<string, string>();
  for (const file of Object.values(report.testFiles ?? {})) for (const test of file.tests) testNames.set(test.id, test.name);
  const mutants: WebMutant[] = [];
  for (const [file, { mutants: fileMutants }] of Object.entries(report.files)) {
    const relative = path.relative(ROOT, path.resolve(ROOT, file));
    for (const mutant of fileMutants) {
      const { start, end } = mutant.location;
      const replacement = mutant.replacement ?? "";
      mutants.push({
        key: webKey(relative, start, end, mutant.mutatorName, replacement),
        file: relative,
        line: start.line,
        mutator: mutant.mutatorName,
        replacement,
        status: STATUS[mutant.status],
        killedBy: mutant.killedBy?.map((id) => testNames.get(id) ?? id)[0],
      });
    }
  }
  return mutants;
}
