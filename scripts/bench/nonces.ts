/**
 * Nonce issuance of the account API at 0 and at 100,000 outstanding nonces, measured in process on
 * the API's own database code (the one place the benchmark uses the API's code rather than HTTP:
 * filling a table with 100,000 nonces over HTTP would take minutes and meet the request limit).
 * On both engines: PGlite, and a PostgreSQL server (the bench's own, scripts/lib/postgres.ts, run
 * without fsync: the disk's sync, the same at any table size and noisy on shared machines, is left out).
 * Budget: issuance at 100,000 outstanding takes at most 1.5x as long as on an empty table.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";

import { openDatabase, transaction, type Db, type Engine } from "../../mocks/api/database";
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
  engine: Engine;
  /** Median time of one issuance, in ms, on an empty table and at 100,000 outstanding. */
  emptyMs: number;
  fullMs: number;
  outstanding: number;
  ratio: number;
}

const randomWallet = () => `0x${randomBytes(20).toString("hex")}`;

/** Rows per INSERT of the fill, each in its own transaction: well within the API's timeouts on a slow disk. */
const FILL_CHUNK = 10_000;

/** 100,000 live nonces for as many wallets and clients, as a flood of requests would leave them. */
async function fill(db: Db, now: number): Promise<void> {
  const message = "x".repeat(400);
  // The benchmark's setup, not a request, yet on the API's own connections, with their limits: the
  // server stops a statement after 5 s, and PostgreSQL's client gives up on any answer after 8 s
  // (mocks/api/database.ts). One 100,000-row statement, then its commit (some 50 MB to write),
  // passed them on a slow disk. So: generated rows (100,000 inserts from here would take minutes),
  // in chunks committed one by one, without the statement limit.
  for (let done = 0; done < OUTSTANDING; done += FILL_CHUNK) {
    await transaction(db, async (tx) => {
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      await tx.execute(
        sql`INSERT INTO nonces (nonce, wallet, client, purpose, message, expires_at)
            SELECT md5(random()::text), w, left(w, 10), 'login', ${message}, ${now + TTL_MS}
            FROM (SELECT '0x' || md5(random()::text) || left(md5(random()::text), 8) AS w FROM generate_series(1, ${Math.min(FILL_CHUNK, OUTSTANDING - done)})) AS wallets`,
      );
    });
  }
}

/** The median over rounds of the mean time of one issuance, in ms. */
async function issuanceMs(db: Db, now: number): Promise<number> {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const wallets = Array.from({ length: ISSUES_PER_ROUND }, randomWallet);
    const started = process.hrtime.bigint();
    for (const wallet of wallets) await issueChallenge(db, SITE, "login", wallet, wallet.slice(0, 10), now, TTL_MS);
    rounds.push(Number(process.hrtime.bigint() - started) / 1e6 / ISSUES_PER_ROUND);
  }
  return rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
}

async function measureOn(engine: NonceEngine, setUp: (db: Db, now: number) => Promise<void>): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-nonces-"));
  const database = await openDatabase({ dataDir: dir, databaseUrl: await engine.freshDatabase?.() });
  try {
    const now = Date.parse("2026-11-21T00:00:00Z");
    await setUp(database.db, now);
    await database.db.execute(sql`ANALYZE nonces`);
    await issuanceMs(database.db, now); // warm-up: plans made, pages cached
    return await issuanceMs(database.db, now);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Where to measure: PGlite in a new directory, or a new database on a PostgreSQL server. */
export interface NonceEngine {
  name: Engine;
  freshDatabase?: () => Promise<string>;
}

export async function measureNonces(engine: NonceEngine = { name: "pglite" }): Promise<NonceReport> {
  const emptyMs = await measureOn(engine, async () => {});
  const fullMs = await measureOn(engine, fill);
  return { engine: engine.name, emptyMs, fullMs, outstanding: OUTSTANDING, ratio: fullMs / emptyMs };
}

if (require.main === module) {
  void measureNonces().then((report) => {
    console.log(
      `nonce issuance (${report.engine}): ${report.emptyMs.toFixed(3)} ms empty, ${report.fullMs.toFixed(3)} ms at ${report.outstanding.toLocaleString("en-US")} outstanding (${report.ratio.toFixed(2)}x, budget <= ${NONCE_BUDGET_RATIO}x)`,
    );
    if (report.ratio > NONCE_BUDGET_RATIO) process.exitCode = 1;
  });
}
