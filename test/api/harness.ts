/**
 * Runs the real account API on a temporary data directory, listening on a free port, with the
 * referrer check asking the Community contract of the in-process chain. Requests go over HTTP
 * through the API's client (scripts/lib/account-api-client.ts), as the browser's do, signed by
 * Hardhat's accounts.
 *
 * The database is PGlite in the data directory, or, when API_TEST_POSTGRES names a PostgreSQL
 * server (`npm run test:api:postgres` starts one), a database of its own on that server for each
 * data directory: the whole suite runs on both engines.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ethers } from "hardhat";
import { rows, type Db } from "../../mocks/api/database";
import { createDatabase } from "../../scripts/lib/postgres";
import { PRIVATE_KEY_FILE, loadOrCreateKeys } from "../../mocks/api/keys";
import { communityReferrers, type ReferrerCheck } from "../../mocks/api/referrers";
import { DEFAULT_NONCE_TTL_MS, DEFAULT_SESSION_TTL_MS, REDACTED_LOG_PATHS, createApiServer } from "../../mocks/api/server";
import type { Fixture } from "../contracts/shared/fixtures";

export { DEFAULT_NONCE_TTL_MS, DEFAULT_SESSION_TTL_MS };
export { bind, call, encryptPassword, keyOf, login, prove, register } from "../../scripts/lib/account-api-client";

/** One key pair for the whole run, copied into each data directory: 3072-bit keys take a while to make. */
let sharedKeyDir: string | undefined;
function sharedKeyFile(): string {
  if (!sharedKeyDir) {
    sharedKeyDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-key-"));
    loadOrCreateKeys(sharedKeyDir);
  }
  return path.join(sharedKeyDir, PRIVATE_KEY_FILE);
}

export function temporaryDataDir(withSharedKey = true): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "api-data-"));
  if (withSharedKey) fs.copyFileSync(sharedKeyFile(), path.join(dir, PRIVATE_KEY_FILE));
  return dir;
}

/** The server whose databases the suite uses instead of PGlite, if any. */
export const TEST_POSTGRES = process.env.API_TEST_POSTGRES || undefined;

/** A database of its own on TEST_POSTGRES for each data directory (the same one when the directory is reused). */
const databases = new Map<string, string>();
export async function databaseUrlFor(dataDir: string): Promise<string | undefined> {
  if (!TEST_POSTGRES) return undefined;
  let url = databases.get(dataDir);
  if (!url) {
    url = await createDatabase(TEST_POSTGRES, `api_${path.basename(dataDir).replace(/[^a-zA-Z0-9]/g, "_").toLowerCase()}`);
    databases.set(dataDir, url);
  }
  return url;
}

export interface RunningApi {
  url: string;
  app: FastifyInstance;
  dataDir: string;
  /** The API's own database handle: tests read and plant rows through it. */
  db: Db;
  /** Every log line written, as text. */
  logs: string[];
  /** The server's clock: tests move it forward. */
  clock: { now: number };
  close: () => Promise<void>;
}

/** The API as another client sees it: requests leave from `address` (one of 127.0.0.0/8). */
export const fromClient = (api: { url: string }, address: string) => ({ url: api.url, localAddress: address });

export interface StartOptions {
  dataDir?: string;
  /** A PostgreSQL database shared with other instances; the data directory's own (harness) when unset. */
  databaseUrl?: string;
  referrers?: ReferrerCheck;
  clock?: { now: number };
  /** The per-address request limit; high by default, since every test request comes from 127.0.0.1. */
  writesPerMinute?: number;
  /** The app's public origin, named in wallet messages. */
  origin?: string;
  trustedProxies?: string[];
  /** The time limits (ms) and the per-client connection cap (ApiOptions). */
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  requestTimeoutMs?: number;
  connectionsPerClient?: number;
}

export async function startApi(fixture: Fixture, options: StartOptions = {}): Promise<RunningApi> {
  const dataDir = options.dataDir ?? temporaryDataDir();
  const logs: string[] = [];
  const clock = options.clock ?? { now: Date.parse("2026-11-21T00:00:00Z") };
  const app = await createApiServer({
    dataDir,
    databaseUrl: options.databaseUrl ?? (await databaseUrlFor(dataDir)),
    referrers: options.referrers ?? communityReferrers(ethers.provider, fixture.addresses.Community),
    origin: options.origin ?? "http://hashrate.test",
    now: () => clock.now,
    writesPerMinute: options.writesPerMinute ?? 100_000,
    trustedProxies: options.trustedProxies,
    headersTimeoutMs: options.headersTimeoutMs,
    bodyTimeoutMs: options.bodyTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs,
    connectionsPerClient: options.connectionsPerClient,
    logger: { level: "info", redact: REDACTED_LOG_PATHS, stream: { write: (line: string) => void logs.push(line) } },
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { url, app, dataDir, db: app.accountDatabase.db, logs, clock, close: () => app.close() };
}


/** The rows `query` returns from the API's database. */
export const dbRows = <Row = Record<string, unknown>>(api: RunningApi, query: SQL) => rows<Row>(api.db, query);
