/**
 * What the route groups share: the context server.ts hands each of them (stores, keys, settings,
 * the request limit's hook), reading a request (its JSON body, its password, its bearer token),
 * and the steps more than one route takes (checking a password, opening a session).
 */
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";

import { accountView, type AccountRow, type Accounts } from "../accounts";
import type { Db } from "../database";
import { badRequest, unauthorized } from "../errors";
import type { PasswordKeys } from "../keys";
import { passwordMatches } from "../passwords";
import type { ReferrerCheck } from "../referrers";
import type { Sessions } from "../sessions";
import { throttleKeys, type LoginThrottle } from "../throttle";
import type { Site } from "../wallet-proof";

/** What every route group is registered with (server.ts). */
export interface RouteContext {
  db: Db;
  accounts: Accounts;
  sessions: Sessions;
  throttle: LoginThrottle;
  passwordKeys: PasswordKeys;
  /** Asks the chain whether a referrer is a member. */
  referrers: ReferrerCheck;
  /** The site named in the messages wallets sign (ApiOptions.origin). */
  site: Site;
  now: () => number;
  nonceTtl: number;
  sessionTtl: number;
  /**
   * The request limit (transport/request-limit.ts), as route options: one hook, so one store, and
   * a client's writes to every route that takes it count against one budget.
   */
  limited: Pick<RouteShorthandOptions, "onRequest">;
}

type Body = Record<string, unknown>;

/** The JSON object a request carries; anything else (an array, a string, nothing) is malformed. */
export function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("malformedRequest");
  return body as Body;
}

export function requirePassword(value: unknown): string {
  if (typeof value !== "string" || value === "") throw badRequest("enterPassword");
  return value;
}

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw unauthorized("loginRequired");
  return match[1];
}

/** A new session for `wallet` on `row`'s account, as the routes that sign in answer it. */
export async function sessionReply(context: RouteContext, reply: FastifyReply, row: AccountRow, wallet: string, status = 200, extra: object = {}) {
  const session = await context.sessions.open(row.id, wallet, context.now(), context.sessionTtl);
  return reply.status(status).send({
    token: session.token,
    expiresAt: new Date(session.expiresAt).toISOString(),
    member: accountView(row, wallet),
    ...extra,
  });
}

/**
 * `password` (as typed) for `row`, counted against the account from this client, the client and
 * the wallet (throttle.ts): a wrong one is a failed attempt, and too many make the next ones wait.
 */
export async function checkPassword(context: RouteContext, row: AccountRow | undefined, name: string, wallet: string, client: string, password: string) {
  const { accounts, throttle, now } = context;
  const attempts = [throttleKeys.account(name, client), throttleKeys.client(client), throttleKeys.wallet(wallet)];
  await throttle.attempt(attempts, now());
  // An unknown account costs the same time as a wrong password, and gets the same answer.
  const matches = await passwordMatches(password, row, async (hash) => {
    if (row) await accounts.rehash(row.id, hash);
  });
  if (!row || !matches) throw unauthorized("wrongPassword");
  await throttle.succeeded(attempts);
  return row;
}
