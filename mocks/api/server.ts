/**
 * The mock account API: the product's same-origin API, played locally and in tests. Routes under
 * /api; every refusal is a 4xx with a message key the web app translates (see errors.ts).
 *
 *   GET  /api/health          { ok }: the database answers (503 `network` when it does not)
 *   GET  /api/config          { key }: the RSA public key (SPKI PEM) passwords are encrypted with
 *   POST /api/account-name    { account } -> { free }: whether a name can be registered, nothing more
 *   POST /api/auth/nonce      { wallet, purpose } -> { nonce, message, expiresAt }
 *   POST /api/register        { account, password, referrer, wallet, nonce, signature } -> session
 *   POST /api/bind            { account, password, wallet, nonce, signature } -> session
 *   POST /api/login           { wallet, nonce, signature } -> session
 *   POST /api/logout          Authorization: Bearer <token> -> 204
 *   GET  /api/account         Authorization: Bearer <token> -> { account, wallet, referrer, registeredAt }
 *
 * A session is { token, expiresAt, member: <account view>, created? }.
 *
 * `createApiServer` opens the stores and builds the app from Fastify plugins: transport/ holds
 * the rules every request meets (log, headers, limits, refusals; see transport/index.ts), which
 * apply to the whole app; routes/ holds one encapsulated plugin per route group (config.ts,
 * account.ts, auth.ts, register.ts, bind.ts), each given the same RouteContext (routes/shared.ts,
 * with the helpers the groups share).
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";

import { Accounts } from "./accounts";
import { openDatabase, type AccountDatabase } from "./database";
import { loadOrCreateKeys, type PasswordKeys } from "./keys";
import { decoyHash } from "./passwords";
import type { ReferrerCheck } from "./referrers";
import { accountRoutes } from "./routes/account";
import { authRoutes } from "./routes/auth";
import { bindRoutes } from "./routes/bind";
import { configRoutes } from "./routes/config";
import { healthRoutes } from "./routes/health";
import { registerRoutes } from "./routes/register";
import type { RouteContext } from "./routes/shared";
import { Sessions } from "./sessions";
import { LoginThrottle } from "./throttle";
import { serverOptions, transport } from "./transport";
import { siteOf } from "./wallet-proof";

export { REDACTED_LOG_PATHS } from "./transport/request-log";

export interface ApiOptions {
  /** The RSA key pair's folder, and the embedded database's when no server is named. */
  dataDir: string;
  /** A PostgreSQL server shared by every instance (API_DATABASE_URL); PGlite in `dataDir` when unset. */
  databaseUrl?: string;
  /** Asks the chain whether a referrer is a member. */
  referrers: ReferrerCheck;
  /**
   * The app's public origin (`https://app.example`; locally the web server's): the site named in
   * the messages wallets sign. Configured, never read from a request's Host or X-Forwarded-Host,
   * which a client (or a phishing site relaying its visitors) chooses.
   */
  origin: string;
  now?: () => number;
  nonceTtlMs?: number;
  sessionTtlMs?: number;
  logger?: FastifyServerOptions["logger"];
  /** Requests per client address and minute to the routes that write (nonce, register, bind, login) and the name check, all together. */
  writesPerMinute?: number;
  /**
   * The proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client; none by
   * default, so the client is the connection's address. The local web servers (Vite, vite
   * preview) listen on 127.0.0.1 only, so every client through them is this machine anyway;
   * trusting loopback would let any local client name itself with the header.
   */
  trustedProxies?: string[];
  /** Time limits, in ms: the headers (10 s), the body once the headers are in (10 s), both together (30 s). */
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  requestTimeoutMs?: number;
  /**
   * Open connections per client address (20), counted by the connection's address: a trusted
   * proxy's connections are not capped (the proxy must cap its clients').
   */
  connectionsPerClient?: number;
}

export const DEFAULT_NONCE_TTL_MS = 5 * 60_000;
export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60_000;

/** Every route group, in the order they are registered. */
const ROUTE_GROUPS = [healthRoutes, configRoutes, accountRoutes, authRoutes, registerRoutes, bindRoutes];

declare module "fastify" {
  interface FastifyInstance {
    /** The API's database (tests read it; nothing else needs it outside the routes). */
    accountDatabase: AccountDatabase;
  }
}

export async function createApiServer(options: ApiOptions): Promise<FastifyInstance> {
  const passwordKeys = loadOrCreateKeys(options.dataDir);
  // Made now, so the first unknown account costs the same time as any later one.
  await decoyHash();
  const database = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    return await serve(options, database, passwordKeys);
  } catch (error) {
    // Set-up failed: the database (and PGlite's directory lock) is not left open.
    await database.close();
    throw error;
  }
}

async function serve(options: ApiOptions, database: AccountDatabase, passwordKeys: PasswordKeys): Promise<FastifyInstance> {
  const { db } = database;

  const app = Fastify(
    serverOptions({
      logger: options.logger,
      trustedProxies: options.trustedProxies,
      headersTimeoutMs: options.headersTimeoutMs,
      requestTimeoutMs: options.requestTimeoutMs,
    }),
  );
  app.decorate("accountDatabase", database);
  app.addHook("onClose", async () => database.close());
  await app.register(transport, {
    origin: options.origin,
    writesPerMinute: options.writesPerMinute,
    bodyTimeoutMs: options.bodyTimeoutMs,
    connectionsPerClient: options.connectionsPerClient,
    trustedProxies: options.trustedProxies,
  });

  const context: RouteContext = {
    db,
    accounts: new Accounts(db),
    sessions: new Sessions(db),
    throttle: new LoginThrottle(db),
    passwordKeys,
    referrers: options.referrers,
    site: siteOf(options.origin),
    now: options.now ?? Date.now,
    nonceTtl: options.nonceTtlMs ?? DEFAULT_NONCE_TTL_MS,
    sessionTtl: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    // One hook, so one store: a client's writes to every route count against one budget.
    limited: { onRequest: app.rateLimit() },
  };
  for (const routes of ROUTE_GROUPS) await app.register(routes, context);
  return app;
}
