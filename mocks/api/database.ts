/**
 * The API's database, in PostgreSQL's dialect on one of two engines (docs/decisions/account-storage.md):
 *
 * - PGlite (PostgreSQL compiled to WebAssembly, in this process) in the data directory: the default,
 *   for `npm run dev` and the tests. One process owns the directory at a time (a lock file).
 * - A PostgreSQL server when API_DATABASE_URL is set: any number of API instances share it.
 *
 * The schema grows by the migrations in `migrations/` (drizzle-orm's migrator and folder format),
 * applied at start, one instance at a time; a database that has seen a migration this code lacks
 * is refused in one sentence. Queries are SQL through drizzle's `sql` template (parameters bound,
 * never spliced); int8 columns (timestamps in ms, counts) read back as numbers.
 */
import fs from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import { holdDirectory } from "./directory-lock";

/** A database or a transaction on it: what every query runs on. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Engine = "pglite" | "postgres";

export interface AccountDatabase {
  engine: Engine;
  db: Db;
  close(): Promise<void>;
}

/** Where the embedded engine keeps its files, inside the API's data directory. */
export const PGLITE_DIR = "accounts-pglite";

export const MIGRATIONS_DIR = path.join(__dirname, "migrations");

const INT8 = 20;
const int8AsNumber = (text: string) => Number(text);

/** The rows `query` returns. */
export async function rows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** PostgreSQL's codes for a transaction that lost a race with another and may simply run again. */
const RETRYABLE = new Set(["40001", "40P01"]);
const TRANSACTION_TRIES = 3;

/** The codes of `error` and its causes (drizzle wraps the driver's error). */
export const errorCodes = (error: unknown) => {
  const codes: string[] = [];
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code } = cause as { code?: unknown };
    if (typeof code === "string") codes.push(code);
  }
  return codes;
};

/**
 * `work` in one transaction, run again (up to three times) when PostgreSQL ends it as a deadlock or
 * a serialization failure: with instances sharing a server, two transactions can each wait for the
 * other, and one of them must give way.
 */
export async function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const pool = pools.get(db);
      return await (pool ? onPoolConnection(pool, work) : db.transaction(work));
    } catch (error) {
      if (attempt >= TRANSACTION_TRIES || !errorCodes(error).some((code) => RETRYABLE.has(code))) throw error;
    }
  }
}

/** The pool behind each server database: its transactions take a connection of their own. */
const pools = new WeakMap<Db, pg.Pool>();

/**
 * `work` in a transaction on a connection of `pool`, given back whatever happens. Drizzle's own
 * (0.41) sends BEGIN before its try, so a BEGIN on a connection the server just dropped (a restart)
 * never gave the connection back: the pool shrank by one each time, and closing it hung. A
 * connection whose ROLLBACK fails is broken: it is destroyed, not put back.
 */
async function onPoolConnection<T>(pool: pg.Pool, work: (tx: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const result = await work(drizzlePostgres(client) as unknown as Db);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The first row `query` returns, if any. */
export async function firstRow<Row>(db: Db, query: SQL): Promise<Row | undefined> {
  return (await rows<Row>(db, query))[0];
}

export interface StorageOptions {
  /** The data directory: PGlite's files when no server is named. */
  dataDir: string;
  /** A PostgreSQL server (`postgresql://user@host:port/db`); PGlite in `dataDir` when unset. */
  databaseUrl?: string;
  /** Connections per instance to the server (10). */
  poolSize?: number;
}

export async function openDatabase(options: StorageOptions): Promise<AccountDatabase> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<AccountDatabase> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const release = holdDirectory(dataDir, "the account API's database");
  try {
    const client = await PGlite.create(path.join(dataDir, PGLITE_DIR), { parsers: { [INT8]: int8AsNumber } });
    const db = drizzlePglite(client) as unknown as Db;
    try {
      await refuseNewerSchema(db);
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    } catch (error) {
      await client.close();
      throw error;
    }
    return {
      engine: "pglite",
      db,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** An arbitrary key for the advisory lock that lets one instance at a time migrate. */
const MIGRATION_LOCK = 7_310_238;

async function openPostgres(url: string, poolSize: number): Promise<AccountDatabase> {
  // For the whole process: drizzle passes each query its own parsers, which fall back to these.
  // This process is the API's, whose int8 columns all fit a number.
  pg.types.setTypeParser(INT8, int8AsNumber);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A request waits this long for a connection, then fails (503) rather than hang.
    connectionTimeoutMillis: 5_000,
    // A server that vanished without closing its connections (a host gone) is noticed, and no
    // request waits on it for more than a few seconds: the server stops a statement after 5 s, this
    // process gives up on an answer after 8 s.
    keepAlive: true,
    statement_timeout: 5_000,
    query_timeout: 8_000,
  });
  // A connection the server drops (a restart) emits an error: while idle, on the pool; while a
  // request holds it (a transaction), on the connection itself. Unheard, either would end the
  // process. The query that was running fails on its own, and is answered 503.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = drizzlePostgres(pool) as unknown as Db;
  pools.set(db, pool);
  try {
    const lock = await pool.connect();
    try {
      await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await refuseNewerSchema(db);
      await migratePostgres(drizzlePostgres(pool), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { engine: "postgres", db, close: () => pool.end() };
}

/** The migrations this code has, in order: their timestamps, as the migrator records them. */
export function knownMigrations(): number[] {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((migration) => migration.folderMillis);
}

/** Refuses a database that has applied a migration this code does not have (a newer server's). */
async function refuseNewerSchema(db: Db): Promise<void> {
  const [table] = await rows<{ present: boolean }>(db, sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!table.present) return;
  const applied = await rows<{ created_at: number }>(db, sql`SELECT created_at FROM drizzle.__drizzle_migrations`);
  const known = new Set(knownMigrations());
  if (applied.some((migration) => !known.has(Number(migration.created_at)))) {
    throw new Error(`The database is at schema version ${applied.length}, newer than this server (${known.size}): run the newer server, or restore a backup.`);
  }
}

/**
 * The database cannot answer now: the network (refused, reset, timed out, no route, no such host),
 * a server shutting down or starting, out of connections (53300), a statement stopped by the
 * timeout (57014), or a transaction that lost a race three times over (40001, 40P01).
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "57P01",
  "57P02",
  "57P03",
  "57014",
  "53300",
  "40001",
  "40P01",
]);

/**
 * Whether `error` says the database is out of reach (a server restarting, a connection dropped or
 * refused), as opposed to a query's own failure: the request is answered 503, and the next one
 * connects again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (errorCodes(error).some((code) => UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { message } = cause as { message?: unknown };
    if (typeof message === "string" && /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/.test(message)) return true;
  }
  return false;
}
