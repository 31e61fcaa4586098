/**
 * The committed gas snapshot (test/contracts/gas-snapshot.json), as Uniswap v4-core keeps its
 * snapshots/*.json: one figure per action, keyed by the action's name, in name order. The contract
 * tests (test/contracts/GasSnapshot.test.ts) measure every action with gas-report.ts and fail when
 * one is over its budget, more than 1% away from its committed figure (either way), missing from
 * the snapshot, or in the snapshot but no longer measured.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { forkingConfig } from "../lib/chain";
import type { GasRow } from "./gas-report";

export const GAS_SNAPSHOT_FILE = path.join(__dirname, "..", "..", "test", "contracts", "gas-snapshot.json");

/**
 * The figures on a fork (docs/operations.md §2), measured on the stand-in BNB Chain CI forks: there
 * USDT and USDC are BNB Chain's tokens (or their stand-ins), not our MockToken, and the rows that
 * move them cost a little more or less. The two snapshots may differ by FORK_GAS_SPREAD_BPS at most
 * on any row: the stand-in moves nine rows by 0.13-1.61%, BNB Chain's real tokens three by 1.2-2%
 * (docs/testing.md §5).
 */
export const FORK_GAS_SNAPSHOT_FILE = path.join(__dirname, "..", "..", "test", "contracts", "gas-snapshot.fork.json");
export const FORK_GAS_SPREAD_BPS = 200n;

/** The snapshot the contract tests compare with: the fork's when they run on a fork. */
export function gasSnapshotFile(env: NodeJS.ProcessEnv): string {
  return forkingConfig(env) ? FORK_GAS_SNAPSHOT_FILE : GAS_SNAPSHOT_FILE;
}

/** How far a figure may move from the snapshot before the test fails: 1%, in basis points. */
export const GAS_TOLERANCE_BPS = 100n;

export const UPDATE_GAS_SNAPSHOT_COMMAND = 'UPDATE_GAS_SNAPSHOT=1 npm run test:contracts -- --grep "Gas snapshot"';

/** How to rewrite `file`: the fork's snapshot is measured on the stand-in, by CI's fork run. */
function updateCommand(file: string): string {
  return file === FORK_GAS_SNAPSHOT_FILE ? "UPDATE_GAS_SNAPSHOT=1 npm run test:fork" : `${UPDATE_GAS_SNAPSHOT_COMMAND} (or npm run gas:snapshot)`;
}

interface SnapshotFile {
  generatedBy: string;
  gas: Record<string, string>;
}

export type GasSnapshot = Map<string, bigint>;

export interface GasProblem {
  action: string;
  kind: "over budget" | "moved" | "missing" | "stale";
  committed?: bigint;
  measured?: bigint;
  budget?: string;
}

export function readGasSnapshot(file = GAS_SNAPSHOT_FILE): GasSnapshot {
  const { gas } = JSON.parse(readFileSync(file, "utf8")) as SnapshotFile;
  return new Map(Object.entries(gas).map(([action, figure]) => [action, BigInt(figure)]));
}

export function gasSnapshotOf(rows: GasRow[]): GasSnapshot {
  return new Map(rows.map((row) => [row.action, row.gas]));
}

/** Writes the measured figures, sorted by action as forge writes its snapshots. */
export function writeGasSnapshot(rows: GasRow[], file = GAS_SNAPSHOT_FILE): void {
  const gas = Object.fromEntries(
    [...rows].sort((a, b) => (a.action < b.action ? -1 : a.action > b.action ? 1 : 0)).map((row) => [row.action, row.gas.toString()]),
  );
  const content: SnapshotFile = {
    generatedBy: `scripts/bench/gas-report.ts through test/contracts/GasSnapshot.test.ts; do not edit by hand, run ${updateCommand(file)}`,
    gas,
  };
  writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
}

/** Whether `measured` is more than `toleranceBps` away from `committed`, either way. */
export function movedBeyond(committed: bigint, measured: bigint, toleranceBps = GAS_TOLERANCE_BPS): boolean {
  const change = measured > committed ? measured - committed : committed - measured;
  return change * 10_000n > committed * toleranceBps;
}

/** Every way the measured rows break their budgets or depart from the snapshot. */
export function compareGas(rows: GasRow[], snapshot: GasSnapshot, toleranceBps = GAS_TOLERANCE_BPS): GasProblem[] {
  const problems: GasProblem[] = [];
  for (const row of rows) {
    const committed = snapshot.get(row.action);
    if (!row.ok) problems.push({ action: row.action, kind: "over budget", committed, measured: row.gas, budget: row.budget });
    if (committed === undefined) problems.push({ action: row.action, kind: "missing", measured: row.gas });
    else if (movedBeyond(committed, row.gas, toleranceBps)) problems.push({ action: row.action, kind: "moved", committed, measured: row.gas });
  }
  const measured = new Set(rows.map((row) => row.action));
  for (const [action, committed] of snapshot) {
    if (!measured.has(action)) problems.push({ action, kind: "stale", committed });
  }
  return problems;
}

const figure = (gas: bigint): string => gas.toLocaleString("en-US");

/** "+2.00%": the change from the committed figure. */
export function percentChange(committed: bigint, measured: bigint): string {
  if (committed === 0n) return measured === 0n ? "0.00%" : "new, from 0";
  const percent = (Number(measured - committed) / Number(committed)) * 100;
  return `${percent >= 0 ? "+" : ""}${percent.toFixed(2)}%`;
}

function explain(problem: GasProblem): string {
  const { action, committed, measured } = problem;
  const change = committed !== undefined && measured !== undefined ? ` (${percentChange(committed, measured)})` : "";
  switch (problem.kind) {
    case "over budget":
      return `${action}: ${figure(measured!)} is over its budget ${problem.budget}${committed === undefined ? "" : `; committed ${figure(committed)}${change}`}`;
    case "moved":
      return `${action}: committed ${figure(committed!)}, measured ${figure(measured!)}${change}, more than 1% away`;
    case "missing":
      return `${action}: measured ${figure(measured!)}, not in the snapshot`;
    case "stale":
      return `${action}: committed ${figure(committed!)}, no longer measured`;
  }
}

/** The failure message: each problem on its line, then what to do about it. */
export function formatGasProblems(problems: GasProblem[], file = GAS_SNAPSHOT_FILE): string {
  const lines = [`Gas of ${problems.length} action(s) against ${path.relative(process.cwd(), file)}:`, ...problems.map((problem) => `  ${explain(problem)}`)];
  if (problems.some((problem) => problem.kind !== "over budget")) {
    lines.push(`If the change is intended, rewrite the snapshot and commit it: ${updateCommand(file)}.`);
  }
  if (problems.some((problem) => problem.kind === "over budget")) {
    lines.push("Rewriting the snapshot does not lift a budget: bring the gas back under it, or change the budget in scripts/bench/gas-report.ts.");
  }
  return lines.join("\n");
}
