/**
 * The mock account API: the product's same-origin API, played locally and in tests. Routes under
 * /api; every refusal is a 4xx with a message key the web app translates (see errors.ts).
 *
 *   GET  /api/config          { key }: the RSA public key (SPKI PEM) passwords are encrypted with
 *   POST /api/auth/nonce      { wallet, purpose } -> { nonce, message, expiresAt }
 *   POST /api/register        { account, password, referrer, wallet, nonce, signature } -> session
 *   POST /api/bind            { account, password, wallet, nonce, signature } -> session
 *   POST /api/login           { wallet, nonce, signature } -> session
 *   POST /api/logout          Authorization: Bearer <token> -> 204
 *   GET  /api/account         Authorization: Bearer <token> -> { account, wallet, referrer, registeredAt }
 *
 * A session is { token, expiresAt, member: <account view>, created? }.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";

import { Accounts, accountView, parseAccountName, type AccountRow } from "./accounts";
import { openDatabase, type Db } from "./database";
import { ApiError, badRequest, errorBody, unauthorized } from "./errors";
import { loadOrCreateKeys } from "./keys";
import { checkNewPassword, decoyHash, decryptPassword, hashPassword, verifyPassword } from "./passwords";
import type { ReferrerCheck } from "./referrers";
import { Sessions } from "./sessions";
import { DEFAULT_THROTTLE, LoginThrottle, throttleKeys, type ThrottlePolicy } from "./throttle";
import { PURPOSES, consumeProof, issueChallenge, parseWallet, type Purpose } from "./wallet-proof";

export interface ApiOptions {
  dataDir: string;
  /** Asks the chain whether a referrer is a member. */
  referrers: ReferrerCheck;
  /** The site named in the messages wallets sign; the request's host when unset. */
  site?: string;
  now?: () => number;
  nonceTtlMs?: number;
  sessionTtlMs?: number;
  throttle?: ThrottlePolicy;
  logger?: FastifyServerOptions["logger"];
  bodyLimit?: number;
}

export const DEFAULT_NONCE_TTL_MS = 5 * 60_000;
export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
/** Every request body is a few hundred bytes; 16 KiB leaves room and refuses floods early. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

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

export async function createApiServer(options: ApiOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const nonceTtl = options.nonceTtlMs ?? DEFAULT_NONCE_TTL_MS;
  const sessionTtl = options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;

  const db: Db = openDatabase(options.dataDir);
  const passwordKeys = loadOrCreateKeys(options.dataDir);
  const accounts = new Accounts(db);
  const sessions = new Sessions(db);
  const throttle = new LoginThrottle(db, options.throttle ?? DEFAULT_THROTTLE);

  const app = Fastify({
    logger: options.logger ?? { level: "info", redact: REDACTED_LOG_PATHS },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: "127.0.0.1",
  });
  app.addHook("onClose", async () => {
    db.close();
  });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    const refusal = error instanceof ApiError ? error : frameworkError(error);
    if (refusal) {
      request.log.info({ status: refusal.status, key: refusal.key }, "request refused");
      if (refusal.status === 429 && refusal.params?.seconds) reply.header("retry-after", String(refusal.params.seconds));
      return reply.status(refusal.status).send(errorBody(refusal));
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(errorBody(new ApiError(500, "unknown")));
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody(new ApiError(404, "notFound"))));

  const site = (request: FastifyRequest) => options.site ?? request.host ?? "this site";

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

  app.get("/api/config", async () => ({ key: passwordKeys.publicKeyPem }));

  app.post("/api/auth/nonce", async (request) => {
    const body = bodyOf(request);
    const wallet = parseWallet(body.wallet);
    if (!PURPOSES.includes(body.purpose as Purpose)) throw badRequest("malformedRequest");
    const challenge = issueChallenge(db, site(request), body.purpose as Purpose, wallet, now(), nonceTtl);
    return { nonce: challenge.nonce, message: challenge.message, expiresAt: new Date(challenge.expiresAt).toISOString() };
  });

  app.post("/api/register", async (request, reply) => {
    const body = bodyOf(request);
    const name = parseAccountName(body.account);
    const ciphertext = requirePassword(body.password);
    const referrer = parseReferrer(body.referrer);
    const wallet = parseWallet(body.wallet);
    if (referrer === wallet) throw badRequest("selfReferral");
    consumeProof(db, { wallet, nonce: body.nonce, signature: body.signature }, "register", now());
    const password = decryptPassword(ciphertext, passwordKeys.privateKey);

    // A retry of a registration that went through (say the on-chain step failed after it): the
    // same wallet, account and password get a new session instead of a second account.
    const existing = accounts.byWallet(wallet);
    if (existing) {
      if (existing.name.toLowerCase() !== name.toLowerCase()) throw new ApiError(409, "walletBound");
      const attempts = [throttleKeys.account(name), throttleKeys.wallet(wallet)];
      throttle.check(attempts, now());
      if (!(await verifyPassword(password, existing.password_hash))) {
        throttle.recordFailure(attempts, now());
        throw unauthorized("wrongPassword");
      }
      throttle.clear(attempts);
      request.log.info({ accountId: existing.id, wallet }, "registration repeated");
      return sessionReply(reply, existing, wallet, 200, { created: false });
    }

    checkNewPassword(password);
    if (accounts.byName(name)) throw new ApiError(409, "accountTaken");
    await checkReferrer(request, referrer);
    const passwordHash = await hashPassword(password);
    const row = accounts.create({ name, passwordHash, referrer, wallet, now: now() });
    request.log.info({ accountId: row.id, wallet, referrer }, "account registered");
    return sessionReply(reply, row, wallet, 201, { created: true });
  });

  app.post("/api/bind", async (request, reply) => {
    const body = bodyOf(request);
    const name = parseAccountName(body.account);
    const ciphertext = requirePassword(body.password);
    const wallet = parseWallet(body.wallet);
    const attempts = [throttleKeys.account(name), throttleKeys.wallet(wallet)];
    throttle.check(attempts, now());
    consumeProof(db, { wallet, nonce: body.nonce, signature: body.signature }, "bind", now());
    const password = decryptPassword(ciphertext, passwordKeys.privateKey);

    const row = accounts.byName(name);
    // An unknown account costs the same time as a wrong password, and gets the same answer.
    const matches = row ? await verifyPassword(password, row.password_hash) : (await verifyPassword(password, await decoyHash()), false);
    if (!row || !matches) {
      throttle.recordFailure(attempts, now());
      request.log.info({ wallet }, "bind refused: wrong account or password");
      throw unauthorized("wrongPassword");
    }
    accounts.bind(row.id, wallet, now());
    throttle.clear(attempts);
    request.log.info({ accountId: row.id, wallet }, "wallet bound");
    return sessionReply(reply, row, wallet);
  });

  app.post("/api/login", async (request, reply) => {
    const body = bodyOf(request);
    const wallet = parseWallet(body.wallet);
    const attempts = [throttleKeys.wallet(wallet)];
    throttle.check(attempts, now());
    try {
      consumeProof(db, { wallet, nonce: body.nonce, signature: body.signature }, "login", now());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throttle.recordFailure(attempts, now());
      throw error;
    }
    const row = accounts.byWallet(wallet);
    if (!row) throw new ApiError(404, "walletNotBound");
    throttle.clear(attempts);
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
