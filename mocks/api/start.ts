/**
 * How the mock account API starts: its settings, from the environment, and `startApi`, which
 * builds the server and listens. Its process is main.ts: `npm run api`, and the local stack of
 * `npm run dev` and the browser tests (scripts/lib/stack.ts), which starts it with its settings in
 * the environment. The API and the scripts share no code: only this configuration and HTTP.
 *
 *   API_PORT (8787), API_HOST (127.0.0.1)  where it listens
 *   API_DATA_DIR (.data/api)               RSA key pair, and the embedded database (PGlite) when no server is named
 *   API_DATABASE_URL                       a PostgreSQL server (postgresql://user:password@host:5432/db) that every
 *                                          instance shares (docs/operations.md §4); unset: PGlite in API_DATA_DIR
 *   RPC_URL (http://127.0.0.1:8545)        the chain asked whether a referrer is a member
 *   ADDRESS_BOOK (deployments/local.json)  where the Community contract is: the address book
 *                                          deploy writes, named by whoever starts the API
 *   API_ORIGIN                             the app's public origin, named in wallet messages
 *                                          (default: the local web server's, http://127.0.0.1:WEB_PORT,
 *                                          WEB_PORT 5173); never taken from a request's headers
 *   API_TRUSTED_PROXIES                    comma-separated addresses or CIDR ranges of the proxies whose
 *                                          X-Forwarded-For names the client (none: the connection's address)
 *   API_WRITES_PER_MINUTE (30)             writes per client and minute, all write routes and the name check together
 *   API_HEADERS_TIMEOUT_SECONDS (10), API_BODY_TIMEOUT_SECONDS (10), API_REQUEST_TIMEOUT_SECONDS (30)
 *                                          time limits: the headers, the body once they are in, both together
 *   API_CONNECTIONS_PER_CLIENT (20)        open connections per client address (a trusted proxy's are not capped)
 *   API_SESSION_TTL_SECONDS (7 days), API_NONCE_TTL_SECONDS (5 minutes), LOG_LEVEL (info: served
 *   requests only at debug; refusals sampled and counted, see transport/request-log.ts),
 *   API_LOG_FILE (standard output)
 */
import path from "node:path";

import type { FastifyInstance } from "fastify";

import { addressBookReferrers } from "./referrers";
import { REDACTED_LOG_PATHS, createApiServer } from "./server";

export interface ApiConfig {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL server; PGlite in `dataDir` when unset. */
  databaseUrl?: string;
  rpcUrl: string;
  addressBook: string;
  /** The app's public origin: scheme, host and port. */
  origin: string;
  trustedProxies: string[];
  writesPerMinute?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  requestTimeoutMs?: number;
  connectionsPerClient?: number;
  sessionTtlMs?: number;
  nonceTtlMs?: number;
  logLevel: string;
  /** Where the log goes; standard output when unset. */
  logFile?: string;
}

/** A positive whole number from the environment, or a clear refusal to start. */
function positive(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (text === undefined || text === "") return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got '${text}'.`);
  return value;
}

/** The address book of `npm run deploy:local`, when nobody names another. */
const DEFAULT_ADDRESS_BOOK = "deployments/local.json";

/** An http(s) origin from the environment (scheme, host, port; no path), or a clear refusal to start. */
function origin(env: NodeJS.ProcessEnv): string {
  const text = env.API_ORIGIN || `http://127.0.0.1:${positive(env, "WEB_PORT") ?? 5173}`;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== text.replace(/\/$/, "")) {
    throw new Error(`API_ORIGIN must be the app's origin, as https://app.example, got '${text}'.`);
  }
  return url.origin;
}

/** A PostgreSQL URL from the environment, or a clear refusal (which does not repeat it: it may hold a password). */
function databaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const text = env.API_DATABASE_URL;
  if (!text) return undefined;
  if (!/^postgres(ql)?:\/\/[^/]+/.test(text)) throw new Error("API_DATABASE_URL must be a PostgreSQL URL, as postgresql://user:password@host:5432/accounts.");
  return text;
}

const milliseconds = (seconds: number | undefined) => (seconds === undefined ? undefined : seconds * 1000);

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ApiConfig {
  return {
    port: positive(env, "API_PORT") ?? 8787,
    host: env.API_HOST ?? "127.0.0.1",
    dataDir: path.resolve(root, env.API_DATA_DIR ?? ".data/api"),
    databaseUrl: databaseUrl(env),
    rpcUrl: env.RPC_URL ?? "http://127.0.0.1:8545",
    addressBook: path.resolve(root, env.ADDRESS_BOOK ?? DEFAULT_ADDRESS_BOOK),
    origin: origin(env),
    trustedProxies: (env.API_TRUSTED_PROXIES ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    writesPerMinute: positive(env, "API_WRITES_PER_MINUTE"),
    headersTimeoutMs: milliseconds(positive(env, "API_HEADERS_TIMEOUT_SECONDS")),
    bodyTimeoutMs: milliseconds(positive(env, "API_BODY_TIMEOUT_SECONDS")),
    requestTimeoutMs: milliseconds(positive(env, "API_REQUEST_TIMEOUT_SECONDS")),
    connectionsPerClient: positive(env, "API_CONNECTIONS_PER_CLIENT"),
    sessionTtlMs: milliseconds(positive(env, "API_SESSION_TTL_SECONDS")),
    nonceTtlMs: milliseconds(positive(env, "API_NONCE_TTL_SECONDS")),
    logLevel: env.LOG_LEVEL ?? "info",
    logFile: env.API_LOG_FILE,
  };
}

/** Builds the server and listens; a port in use is reported in one clear sentence. */
export async function startApi(config: ApiConfig): Promise<FastifyInstance> {
  const app = await createApiServer({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    referrers: addressBookReferrers(config.rpcUrl, config.addressBook),
    origin: config.origin,
    trustedProxies: config.trustedProxies,
    writesPerMinute: config.writesPerMinute,
    headersTimeoutMs: config.headersTimeoutMs,
    bodyTimeoutMs: config.bodyTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs,
    connectionsPerClient: config.connectionsPerClient,
    sessionTtlMs: config.sessionTtlMs,
    nonceTtlMs: config.nonceTtlMs,
    logger: { level: config.logLevel, redact: REDACTED_LOG_PATHS, ...(config.logFile ? { file: config.logFile } : {}) },
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    if ((error as { code?: string }).code === "EADDRINUSE") {
      throw new Error(`Port ${config.port} is in use: stop what listens there or set API_PORT to another port.`, { cause: error });
    }
    throw error;
  }
  return app;
}
