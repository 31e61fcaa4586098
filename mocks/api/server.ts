/**
 * The mock account API: the product's same-origin API, played locally and in tests. Routes under
 * /api; every refusal is a 4xx with a message key the web app translates (see errors.ts).
 *
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
 */
import { STATUS_CODES } from "node:http";
import type { Duplex, Readable } from "node:stream";

import rateLimit from "@fastify/rate-limit";
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";

import { Accounts, accountView, type AccountRow } from "./accounts";
import { clientKey } from "./clients";
import { openDatabase, type Db } from "./database";
import { ApiError, badRequest, conflict, errorBody, unauthorized } from "./errors";
import { loadOrCreateKeys } from "./keys";
import { checkNewPassword, decoyHash, decryptPassword, hashPassword, passwordMatches } from "./passwords";
import type { ReferrerCheck } from "./referrers";
import { Sessions } from "./sessions";
import { RefusalLog, pathOf } from "./request-log";
import { normalizePassword, parseAccountName } from "./text";
import { LoginThrottle, throttleKeys } from "./throttle";
import { PURPOSES, consumeProof, issueChallenge, parseWallet, siteOf, type Purpose } from "./wallet-proof";

export interface ApiOptions {
  dataDir: string;
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
}

export const DEFAULT_NONCE_TTL_MS = 5 * 60_000;
export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Every request body is a few hundred bytes; 16 KiB leaves room and refuses floods early. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
/** A person registers, binds or logs in a few times a minute at most; scripts get a 429. */
export const DEFAULT_WRITES_PER_MINUTE = 30;

/** Log fields that must never be written, whatever a handler logs. */
export const REDACTED_LOG_PATHS = ["req.headers.authorization", "req.headers.cookie", "password", "token", "signature"];

type Body = Record<string, unknown>;

/** The JSON object a request carries; anything else (an array, a string, nothing) is malformed. */
function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("malformedRequest");
  return body as Body;
}

function requirePassword(value: unknown): string {
  if (typeof value !== "string" || value === "") throw badRequest("enterPassword");
  return value;
}

function parseReferrer(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw badRequest("enterReferrer");
  return parseWallet(value);
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw unauthorized("loginRequired");
  return match[1];
}

/** Fastify's own refusals (body parsing, limits) in the API's words. */
function frameworkError(error: { code?: string; statusCode?: number }): ApiError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError(413, "bodyTooLarge");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError(415, "malformedRequest");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return badRequest("malformedRequest");
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new ApiError(error.statusCode, "malformedRequest");
  return undefined;
}

/** A body refused unread (too large, or its request over the limit) is still read, up to this much, so the client sees the refusal. */
const MAX_DRAINED_BODY = 32 * 1024 * 1024;

/**
 * Reads and drops what is left of a request's body (at most MAX_DRAINED_BODY): a server that
 * answers and closes while the client is still sending resets the connection, and the client (or
 * the proxy in front, which then answers 502) never reads the answer.
 */
function drain(body: Readable): Promise<void> {
  if (body.readableEnded || body.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      body.off("data", count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_DRAINED_BODY) done();
    };
    body.on("data", count);
    body.once("end", done);
    body.once("close", done);
    body.once("error", done);
    body.resume();
  });
}

/** Node's refusals of a request it cannot parse (llhttp's codes), in the API's words. */
function parserError(error: { code?: string }): ApiError {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return new ApiError(431, "malformedRequest");
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new ApiError(408, "malformedRequest");
    default:
      return badRequest("malformedRequest");
  }
}

/** A refusal written straight onto a connection Node could not make a request of, then closed. */
function writeRefusal(socket: Duplex, refusal: ApiError): void {
  const body = JSON.stringify(errorBody(refusal));
  socket.end(
    [
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? "Error"}`,
      "Content-Type: application/json; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Cache-Control: no-store",
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
}

export async function createApiServer(options: ApiOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const nonceTtl = options.nonceTtlMs ?? DEFAULT_NONCE_TTL_MS;
  const sessionTtl = options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;

  const db: Db = openDatabase(options.dataDir);
  const passwordKeys = loadOrCreateKeys(options.dataDir);
  const accounts = new Accounts(db);
  const sessions = new Sessions(db);
  const throttle = new LoginThrottle(db);
  // Made now, so the first unknown account costs the same time as any later one.
  await decoyHash();

  const app = Fastify({
    logger: options.logger ?? { level: "info", redact: REDACTED_LOG_PATHS },
    // Fastify's two lines per request (with the URL's query string, where a token may be) would
    // grow the log with every request of a flood: served requests are logged at debug level below,
    // refusals through `refusals`, sampled and counted.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A request without Host reaches the routes, which refuse it with a message key, instead of
    // Node's bare 400.
    http: { requireHostHeader: false },
    // Requests Node cannot parse (garbage request line, unknown method, bad Content-Length,
    // Content-Length with Transfer-Encoding, headers too large) never become requests.
    clientErrorHandler: (error: Error & { code?: string }, socket: Duplex) => {
      if (error.code === "ECONNRESET" || !socket.writable) {
        socket.destroy();
        return;
      }
      const refusal = parserError(error);
      refusals.record(refusal, { code: error.code });
      writeRefusal(socket, refusal);
    },
    // A URL whose %-encoding is broken.
    frameworkErrors: (error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
      const refusal = badRequest("malformedRequest");
      refusals.record(refusal, { method: request.method, url: request.url, code: error.code });
      void reply.status(refusal.status).send(errorBody(refusal));
    },
    trustProxy: options.trustedProxies?.length ? options.trustedProxies : false,
  });
  const refusals = new RefusalLog(app.log);
  // Node hands a CONNECT to the server's 'connect' listeners and, when there is none, closes the
  // connection without a word: the API tunnels nothing, and says so like for any other method it
  // does not serve.
  app.server.on("connect", (request: { method?: string; url?: string }, socket: Duplex) => {
    socket.on("error", () => socket.destroy());
    const refusal = badRequest("malformedRequest");
    refusals.record(refusal, { method: request.method, url: request.url });
    writeRefusal(socket, refusal);
  });
  app.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode < 400) request.log.debug({ method: request.method, path: pathOf(request.url), status: reply.statusCode, ms: reply.elapsedTime }, "request served");
  });
  app.addHook("onClose", async () => {
    refusals.close();
    db.close();
  });
  app.addHook("onRequest", async (request) => {
    if (!request.headers.host && request.raw.httpVersion !== "1.0") throw badRequest("malformedRequest");
    // Node keeps the first of several Host headers and drops the rest; RFC 9112 (3.2) asks for a
    // 400, since a proxy in front may have read another of them.
    if ((request.raw.headersDistinct.host?.length ?? 0) > 1) throw badRequest("malformedRequest");
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.setErrorHandler(async (error: Error & { code?: string; statusCode?: number }, request, reply) => {
    const refusal = error instanceof ApiError ? error : frameworkError(error);
    if (refusal) {
      // Refused before its body was read (a 413, a 429 from the limit): read it anyway.
      await drain(request.raw);
      refusals.record(refusal, { method: request.method, url: request.url });
      if (refusal.status === 429 && refusal.params?.seconds) reply.header("retry-after", String(refusal.params.seconds));
      return reply.status(refusal.status).send(errorBody(refusal));
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(errorBody(new ApiError(500, "unknown")));
  });
  app.setNotFoundHandler(async (request, reply) => {
    const refusal = new ApiError(404, "notFound");
    refusals.record(refusal, { method: request.method, url: request.url });
    await drain(request.raw);
    return reply.status(404).send(errorBody(refusal));
  });

  await app.register(rateLimit, {
    global: false,
    max: options.writesPerMinute ?? DEFAULT_WRITES_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => new ApiError(429, "tooManyAttempts", { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  // One hook, so one store: a client's writes to every route count against one budget (a limit
  // in each route's options would get a store of its own).
  const limited = { onRequest: app.rateLimit() };

  const site = siteOf(options.origin);

  const sessionReply = (reply: FastifyReply, row: AccountRow, wallet: string, status = 200, extra: object = {}) => {
    const session = sessions.open(row.id, wallet, now(), sessionTtl);
    return reply.status(status).send({
      token: session.token,
      expiresAt: new Date(session.expiresAt).toISOString(),
      member: accountView(row, wallet),
      ...extra,
    });
  };

  /** The referrer must be a member on chain; a chain that cannot be asked is the network's fault. */
  const checkReferrer = async (request: FastifyRequest, referrer: string) => {
    let known: boolean;
    try {
      known = await options.referrers(referrer);
    } catch (error) {
      request.log.warn({ err: error }, "could not ask the chain about a referrer");
      throw new ApiError(503, "network");
    }
    if (!known) throw badRequest("unknownReferrer");
  };

  /**
   * `password` (as typed) for `row`, counted against the account from this client, the client and
   * the wallet (throttle.ts): a wrong one is a failed attempt, and too many make the next ones wait.
   */
  const checkPassword = async (row: AccountRow | undefined, name: string, wallet: string, client: string, password: string) => {
    const attempts = [throttleKeys.account(name, client), throttleKeys.client(client), throttleKeys.wallet(wallet)];
    throttle.attempt(attempts, now());
    // An unknown account costs the same time as a wrong password, and gets the same answer.
    const matches = await passwordMatches(password, row, (hash) => row && accounts.rehash(row.id, hash));
    if (!row || !matches) throw unauthorized("wrongPassword");
    throttle.succeeded(attempts);
    return row;
  };

  app.get("/api/config", async () => ({ key: passwordKeys.publicKeyPem }));

  // Whether a name is free, asked before the wallet signs, so a name someone has is refused at no
  // signature's cost. It answers that and nothing else (no wallet, referrer or date), with the
  // register route's own parsing and lookup (NFKC, case folding), so the two never disagree. The
  // register route tells the same after a signature, and this one counts against the same budget
  // as the writes, so it is no faster way to list names. A POST, so the name stays out of URLs.
  app.post("/api/account-name", limited, async (request) => {
    const name = parseAccountName(bodyOf(request).account);
    return { free: accounts.byName(name) === undefined };
  });

  app.post("/api/auth/nonce", limited, async (request) => {
    const body = bodyOf(request);
    const wallet = parseWallet(body.wallet);
    if (!PURPOSES.includes(body.purpose as Purpose)) throw badRequest("malformedRequest");
    // A wallet that must wait is told before it signs, not after.
    const client = clientKey(request.ip);
    if (body.purpose === "bind") throttle.check([throttleKeys.wallet(wallet), throttleKeys.client(client)], now());
    const challenge = issueChallenge(db, site, body.purpose as Purpose, wallet, client, now(), nonceTtl);
    return { nonce: challenge.nonce, message: challenge.message, expiresAt: new Date(challenge.expiresAt).toISOString() };
  });

  app.post("/api/register", limited, async (request, reply) => {
    const body = bodyOf(request);
    const name = parseAccountName(body.account);
    const ciphertext = requirePassword(body.password);
    const referrer = parseReferrer(body.referrer);
    const wallet = parseWallet(body.wallet);
    if (referrer === wallet) throw badRequest("selfReferral");
    consumeProof(db, { wallet, nonce: body.nonce, signature: body.signature }, "register", now(), site);
    const password = decryptPassword(ciphertext, passwordKeys.privateKey);

    // A registration that went through before (the on-chain step failed after it, or a twin
    // request from another tab won the race): the same wallet, account and password get a new
    // session, never a second account. The referrer is the one stored then.
    const repeat = async (existing: AccountRow) => {
      if (accounts.byName(name)?.id !== existing.id) throw conflict("walletBound");
      await checkPassword(existing, name, wallet, clientKey(request.ip), password);
      request.log.info({ accountId: existing.id, wallet }, "registration repeated");
      return sessionReply(reply, existing, wallet, 200, { created: false });
    };
    const existing = accounts.byWallet(wallet);
    if (existing) return repeat(existing);

    checkNewPassword(normalizePassword(password));
    if (accounts.byName(name)) throw conflict("accountTaken");
    await checkReferrer(request, referrer);
    const passwordHash = await hashPassword(normalizePassword(password));
    let row: AccountRow;
    try {
      row = accounts.create({ name, passwordHash, referrer, wallet, now: now() });
    } catch (error) {
      const twin = accounts.byWallet(wallet);
      if (error instanceof ApiError && twin) return repeat(twin);
      throw error;
    }
    request.log.info({ accountId: row.id, wallet, referrer }, "account registered");
    return sessionReply(reply, row, wallet, 201, { created: true });
  });

  app.post("/api/bind", limited, async (request, reply) => {
    const body = bodyOf(request);
    const name = parseAccountName(body.account);
    const ciphertext = requirePassword(body.password);
    const wallet = parseWallet(body.wallet);
    // The proof comes first: only the holder of the wallet can spend its attempts.
    consumeProof(db, { wallet, nonce: body.nonce, signature: body.signature }, "bind", now(), site);
    const password = decryptPassword(ciphertext, passwordKeys.privateKey);
    let row: AccountRow;
    try {
      row = await checkPassword(accounts.byName(name), name, wallet, clientKey(request.ip), password);
    } catch (error) {
      request.log.info({ wallet }, "bind refused");
      throw error;
    }
    accounts.bind(row.id, wallet, now());
    request.log.info({ accountId: row.id, wallet }, "wallet bound");
    return sessionReply(reply, row, wallet);
  });

  // A signature cannot be guessed, so failed logins are not counted against the wallet (that
  // would let anyone lock a wallet out); the per-address request limit covers floods.
  app.post("/api/login", limited, async (request, reply) => {
    const body = bodyOf(request);
    const wallet = parseWallet(body.wallet);
    consumeProof(db, { wallet, nonce: body.nonce, signature: body.signature }, "login", now(), site);
    const row = accounts.byWallet(wallet);
    if (!row) throw new ApiError(404, "walletNotBound");
    request.log.info({ accountId: row.id, wallet }, "logged in");
    return sessionReply(reply, row, wallet);
  });

  app.post("/api/logout", async (request, reply) => {
    sessions.close(bearerToken(request));
    return reply.status(204).send();
  });

  app.get("/api/account", async (request) => {
    const session = sessions.find(bearerToken(request), now());
    const row = session && accounts.byId(session.accountId);
    if (!session || !row) throw unauthorized("sessionExpired");
    return accountView(row, session.wallet);
  });

  return app;
}
