import { spawn } from "node:child_process";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { amcheck } from "@electric-sql/pglite/contrib/amcheck";
import { expect } from "chai";
import { sql } from "drizzle-orm";

import { PGLITE_DIR, knownMigrations, openDatabase, rows } from "../../mocks/api/database";
import { TEST_POSTGRES, databaseUrlFor, temporaryDataDir } from "./harness";

const TABLES = ["accounts", "login_failures", "nonce_count", "nonces", "sessions", "wallets"];

/**
 * PostgreSQL's own integrity check (amcheck) of every index of the API's tables: each index's
 * structure, and that it holds every row of its table (heapallindexed). Corruption raises an error;
 * returns the indexes checked.
 */
const INTEGRITY_CHECK = `
  SELECT c.relname AS index, bt_index_check(index => c.oid, heapallindexed => true)::text AS checked
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE am.amname = 'btree' AND n.nspname = 'public' ORDER BY c.relname`;

/** The integrity check of the database in `dataDir` (PGlite's files, or the server's database), with nothing else open on it. */
async function integrityCheck(dataDir: string, databaseUrl: string | undefined): Promise<string[]> {
  if (databaseUrl) {
    const { database } = await open(dataDir);
    try {
      await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS amcheck`);
      return (await rows<{ index: string }>(database.db, sql.raw(INTEGRITY_CHECK))).map((row) => row.index);
    } finally {
      await database.close();
    }
  }
  const checker = await PGlite.create(path.join(dataDir, PGLITE_DIR), { extensions: { amcheck } });
  try {
    await checker.exec("CREATE EXTENSION IF NOT EXISTS amcheck");
    return (await checker.query<{ index: string }>(INTEGRITY_CHECK)).rows.map((row) => row.index);
  } finally {
    await checker.close();
  }
}

/** The database of a new data directory, on the suite's engine. */
async function open(dataDir = temporaryDataDir(false)) {
  return { dataDir, database: await openDatabase({ dataDir, databaseUrl: await databaseUrlFor(dataDir) }) };
}

describe(`Account API storage (${TEST_POSTGRES ? "PostgreSQL" : "PGlite"})`, function () {
  this.timeout(60_000);

  it("migrates a new database to the latest schema once, and keeps what was written", async function () {
    const { dataDir, database } = await open();
    const tables = await rows<{ tablename: string }>(database.db, sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
    expect(tables.map((table) => table.tablename)).to.deep.equal(TABLES);
    const applied = await rows<{ created_at: number }>(database.db, sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY id`);
    expect(applied.map((migration) => Number(migration.created_at))).to.deep.equal(knownMigrations());
    await database.db.execute(sql`INSERT INTO accounts (name, password_hash, created_at) VALUES ('kept', 'h', 1)`);
    await database.close();

    const again = (await open(dataDir)).database;
    try {
      expect(await rows(again.db, sql`SELECT COUNT(*)::int AS n FROM drizzle.__drizzle_migrations`)).to.deep.equal([{ n: knownMigrations().length }]);
      expect(await rows(again.db, sql`SELECT name FROM accounts`)).to.deep.equal([{ name: "kept" }]);
    } finally {
      await again.close();
    }
  });

  it("refuses a database from a newer server rather than guess at its schema", async function () {
    const { dataDir, database } = await open();
    await database.db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from a newer server', ${Date.parse("2031-01-01")})`);
    await database.close();
    let refusal: unknown;
    await open(dataDir).then(
      ({ database: opened }) => opened.close(),
      (error: unknown) => (refusal = error),
    );
    expect(String(refusal)).to.match(/newer than this server/);
  });

  // PGlite only: a server takes any number of instances (TwoInstances.test.ts).
  if (!TEST_POSTGRES) it("refuses a second process on the same embedded database, in one sentence", async function () {
    const { dataDir, database } = await open();
    try {
      const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", "-e", `require(${JSON.stringify(path.join(__dirname, "../../mocks/api/database"))}).openDatabase({ dataDir: ${JSON.stringify(dataDir)} }).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`], { stdio: ["ignore", "ignore", "pipe"] });
      let said = "";
      child.stderr.on("data", (chunk: Buffer) => (said += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).to.equal(3);
      expect(said).to.match(/is in use by process \d+: stop it, or give this one another data directory\./);
      expect(said).to.include(dataDir);
    } finally {
      await database.close();
    }
  });

  it("keeps every committed write and no half-written one when the process is killed mid-write", async function () {
    const dataDir = temporaryDataDir(false);
    const databaseUrl = await databaseUrlFor(dataDir);
    const writer = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", path.join(__dirname, "fixtures", "writer.ts"), dataDir, databaseUrl ?? ""], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let committed = 0;
    await new Promise<void>((resolve, reject) => {
      writer.stdout.on("data", (chunk: Buffer) => {
        const lines = chunk.toString().trim().split("\n");
        committed = Number(lines[lines.length - 1]);
        // Killed mid-write; it is gone once it has exited (below).
        if (committed >= 300) writer.kill("SIGKILL");
      });
      writer.on("exit", (code, signal) => (signal === "SIGKILL" ? resolve() : reject(new Error(`writer exited with ${code}`))));
    });

    // Every index sound and holding every row, by PostgreSQL's own check, on either engine.
    const checked = await integrityCheck(dataDir, databaseUrl);
    expect(checked).to.include.members(["accounts_name_key", "accounts_pkey", "wallets_pkey", "nonces_by_client", "sessions_pkey"]);
    const { database } = await open(dataDir);
    try {
      const count = async (table: string, through: "table" | "index") =>
        database.db.transaction(async (tx) => {
          // Read once from the table alone and once through its indexes: a torn write shows as a difference.
          const off = through === "table" ? ["enable_indexscan", "enable_bitmapscan", "enable_indexonlyscan"] : ["enable_seqscan"];
          for (const setting of off) await tx.execute(sql`SELECT set_config(${setting}, 'off', true)`);
          const key = table === "accounts" ? sql`name` : sql`address`;
          const [{ n }] = await rows<{ n: number }>(tx, sql`SELECT COUNT(*)::int AS n FROM ${sql.raw(table)} WHERE ${key} >= ''`);
          return n;
        });
      const accounts = await count("accounts", "table");
      expect(accounts).to.be.at.least(committed);
      expect(await count("accounts", "index")).to.equal(accounts);
      // Each account and its wallet were written in one transaction: never one without the other.
      expect(await rows(database.db, sql`SELECT COUNT(*)::int AS n FROM accounts WHERE id NOT IN (SELECT account_id FROM wallets)`)).to.deep.equal([{ n: 0 }]);
      expect(await count("wallets", "table")).to.equal(accounts);
      expect(await count("wallets", "index")).to.equal(accounts);
    } finally {
      await database.close();
    }
  });
});
