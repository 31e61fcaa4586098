/**
 * How a request reads the database (docs/decisions/indexer.md, "Every route costs a bounded
 * amount"). Ponder's `db` (ponder:api) is a pool shared by every request, with a 30-second
 * statement timeout and no way to stop a query whose client has left. On PostgreSQL the routes
 * read through a pool of their own instead, made from Ponder's settings (the same server, schema
 * and read-only session), so that:
 *
 * - every statement has a short timeout (INDEXER_STATEMENT_TIMEOUT_MS, 2,000 ms): PostgreSQL
 *   stops it, whatever it is;
 * - a request holds one connection, whose backend is known, so when its client goes away its
 *   statement is cancelled there and then (pg_cancel_backend, sent on a connection kept for
 *   that: the request's own pool may be full);
 * - waiting for a connection is bounded too (the same timeout), and a server that cannot be
 *   reached fails in that time instead of hanging the request.
 *
 * PGlite, one process's embedded database, has neither timeouts nor cancellation (it accepts
 * `SET statement_timeout` and ignores it): there the routes read Ponder's `db`, a request whose
 * client has left before its turn is not run at all, and the bounded pages are the guard.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { db as ponderDb } from "ponder:api";

import { valuesFor, type Statement } from "./statement";

/** What a route reads with: Ponder's `db`, or the same over one connection of the routes' pool;
 *  and `run`, which runs a statement built once (./statement.ts) with a request's values. */
export type Reader = Pick<typeof ponderDb, "select" | "execute"> & {
  run<Row>(statement: Statement, values: Record<string, unknown>): Promise<Row[]>;
};

/** What both drivers answer a query with: node-postgres's client and PGlite. */
interface Queryable {
  query(config: { name?: string; text: string; values: unknown[] } | string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The database could not answer in time, or at all: the route answers 503, saying only that. */
export class Unavailable extends Error {}

export interface ReaderSettings {
  /** Statement timeout, and the longest wait for a connection, in ms. */
  timeoutMs: number;
  /** Connections of the routes' pool. */
  connections: number;
}

export function readerSettings(env: NodeJS.ProcessEnv = process.env): ReaderSettings {
  const number = (name: string, fallback: number, min: number, max: number) => {
    const text = env[name];
    if (text === undefined || text === "") return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got '${text}'.`);
    return value;
  };
  return { timeoutMs: number("INDEXER_STATEMENT_TIMEOUT_MS", 2_000, 100, 600_000), connections: number("INDEXER_DB_CONNECTIONS", 10, 1, 1_000) };
}

/** Runs one request's reads; `signal` aborts when the client goes away. */
export type ReadScope = <T>(signal: AbortSignal, read: (db: Reader) => Promise<T>) => Promise<T>;

/** A client that left: nothing is answered (nobody is there to read it). */
export class ClientGone extends Error {}

export function createReadScope(settings: ReaderSettings = readerSettings()): ReadScope {
  const client: unknown = (ponderDb as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    // PGlite: one connection in-process, queries one at a time; nothing to cancel or time out, and
    // nothing to prepare (its statements are parsed in the same process anyway).
    const reader: Reader = {
      select: ponderDb.select.bind(ponderDb),
      execute: ponderDb.execute.bind(ponderDb),
      run: runner((statement, values) => (client as Queryable).query(statement.text, values)),
    };
    return async (signal, read) => {
      if (signal.aborted) throw new ClientGone();
      return read(reader);
    };
  }
  // Ponder's read-only pool's settings (connection string, TLS), without its session class: the
  // tables are named with their schema (ponder:schema), and read-only is a startup option here.
  const { connectionString, ssl, host, port, user, password, database } = client.options;
  const base = { connectionString, ssl, host, port, user, password, database, connectionTimeoutMillis: settings.timeoutMs };
  const pool = new pg.Pool({
    ...base,
    application_name: "history_api",
    max: settings.connections,
    statement_timeout: settings.timeoutMs,
    options: "-c default_transaction_read_only=on",
    // Idle connections are closed after a while: a reader that has been quiet holds none open.
    idleTimeoutMillis: 30_000,
  });
  const canceller = new pg.Pool({ ...base, application_name: "history_api_cancel", max: 1, idleTimeoutMillis: 30_000 });
  // A connection the server dropped (a restart) is removed by the pool; its error is the next request's.
  pool.on("error", () => {});
  canceller.on("error", () => {});

  return async (signal, read) => {
    if (signal.aborted) throw new ClientGone();
    let connection: pg.PoolClient;
    try {
      connection = await pool.connect();
    } catch (error) {
      throw unavailable(error);
    }
    let cancelling: Promise<unknown> | undefined;
    let backend: number | undefined;
    const cancel = () => {
      // Sent while this request still holds the connection, so it can only stop this request's statement.
      if (backend !== undefined) cancelling = canceller.query("SELECT pg_cancel_backend($1)", [backend]).catch(() => undefined);
    };
    signal.addEventListener("abort", cancel, { once: true });
    let broken = false;
    try {
      backend = await backendOf(connection);
      if (signal.aborted) throw new ClientGone();
      return await read(readerOf(connection));
    } catch (error) {
      if (signal.aborted) throw new ClientGone();
      broken = isConnectionError(error);
      throw isTimeout(error) || broken ? unavailable(error) : error;
    } finally {
      signal.removeEventListener("abort", cancel);
      await cancelling;
      connection.release(broken);
    }
  };
}

/** A Reader's `run` over one driver's way to send a statement with its values. */
function runner(send: (statement: Statement, values: unknown[]) => Promise<{ rows: unknown[] }>): Reader["run"] {
  return async <Row>(statement: Statement, values: Record<string, unknown>) => (await send(statement, valuesFor(statement, values))).rows as Row[];
}

/** Each connection's reader, made once: the pool hands the same connections out again. A named
 *  statement is prepared on a connection the first time it runs there (node-postgres keeps the
 *  names each connection has prepared). */
const readers = new WeakMap<pg.PoolClient, Reader>();
function readerOf(connection: pg.PoolClient): Reader {
  let reader = readers.get(connection);
  if (reader === undefined) {
    const run = runner((statement, values) => connection.query({ name: statement.name, text: statement.text, values }));
    reader = Object.assign(drizzle(connection, { casing: "snake_case" }), { run });
    readers.set(connection, reader);
  }
  return reader;
}

/** Each connection's server process, asked once per connection: what pg_cancel_backend names. */
const backends = new WeakMap<pg.PoolClient, number>();
async function backendOf(connection: pg.PoolClient): Promise<number> {
  let pid = backends.get(connection);
  if (pid === undefined) {
    pid = (await connection.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
    backends.set(connection, pid);
  }
  return pid;
}

/** PostgreSQL's "canceling statement due to statement timeout" (and any other cancellation). */
const isTimeout = (error: unknown) => (error as { code?: string }).code === "57014";

/** The server went away under the connection, or refused it. */
const isConnectionError = (error: unknown) => {
  const { code, message = "" } = error as { code?: string; message?: string };
  return ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "57P02", "57P03"].includes(code ?? "") || /Connection terminated|timeout exceeded when trying to connect/.test(message);
};

function unavailable(cause: unknown): Unavailable {
  return new Unavailable("the database did not answer", { cause });
}
