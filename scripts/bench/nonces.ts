/**
 * Nonce issuance of the account API at 0 and at 100,000 outstanding nonces, measured in process on
 * the API's own database code (the one place the benchmark uses the API's code rather than HTTP:
 * filling a table with 100,000 nonces over HTTP would take minutes and meet the request limit).
 * The disk's sync, the same at any table size and noisy on shared machines, is left out.
 * Budget: issuance at 100,000 outstanding takes at most 1.5x as long as on an empty table.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { openDatabase, type Db } from "../../mocks/api/database";
import { DEFAULT_NONCE_TTL_MS } from "../../mocks/api/server";
import { issueChallenge } from "../../mocks/api/wallet-proof";

export const NONCE_BUDGET_RATIO = 1.5;
const OUTSTANDING = 100_000;
const ROUNDS = 5;
const ISSUES_PER_ROUND = 400;
/** The API's own lifetime of a nonce, so the table holds what it holds in service. */
const TTL_MS = DEFAULT_NONCE_TTL_MS;
const SITE = { domain: "bench.test", uri: "http://bench.test" };

export interface NonceReport {
  /** Median time of one issuance, in ms, on an empty table and at 100,000 outstanding. */
  emptyMs: number;
  fullMs: number;
  outstanding: number;
  ratio: number;
}

const randomWallet = () => `0x${randomBytes(20).toString("hex")}`;

/** 100,000 live nonces for as many wallets and clients, as a flood of requests would leave them. */
function fill(db: Db, now: number): void {
  const insert = db.prepare("INSERT INTO nonces (nonce, wallet, client, purpose, message, expires_at) VALUES (?, ?, ?, 'login', ?, ?)");
  const message = "x".repeat(400);
  db.transaction(() => {
    for (let i = 0; i < OUTSTANDING; i++) {
      const wallet = randomWallet();
      insert.run(randomBytes(16).toString("hex"), wallet, wallet.slice(0, 10), message, now + TTL_MS);
    }
  })();
}

/** The median over rounds of the mean time of one issuance, in ms. */
function issuanceMs(db: Db, now: number): number {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const wallets = Array.from({ length: ISSUES_PER_ROUND }, randomWallet);
    const started = process.hrtime.bigint();
    for (const wallet of wallets) issueChallenge(db, SITE, "login", wallet, wallet.slice(0, 10), now, TTL_MS);
    rounds.push(Number(process.hrtime.bigint() - started) / 1e6 / ISSUES_PER_ROUND);
  }
  return rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
}

function measureOn(setUp: (db: Db, now: number) => void): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-nonces-"));
  const db = openDatabase(dir);
  try {
    db.pragma("synchronous = OFF");
    const now = Date.parse("2026-11-21T00:00:00Z");
    setUp(db, now);
    issuanceMs(db, now); // warm-up: statements compiled, pages cached
    return issuanceMs(db, now);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function measureNonces(): NonceReport {
  const emptyMs = measureOn(() => {});
  const fullMs = measureOn(fill);
  return { emptyMs, fullMs, outstanding: OUTSTANDING, ratio: fullMs / emptyMs };
}

if (require.main === module) {
  const report = measureNonces();
  console.log(
    `nonce issuance: ${report.emptyMs.toFixed(3)} ms empty, ${report.fullMs.toFixed(3)} ms at ${report.outstanding.toLocaleString("en-US")} outstanding (${report.ratio.toFixed(2)}x, budget <= ${NONCE_BUDGET_RATIO}x)`,
  );
  if (report.ratio > NONCE_BUDGET_RATIO) process.exitCode = 1;
}
