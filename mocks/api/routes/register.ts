/**
 * POST /api/register: a new account, with the wallet that signed for it bound and a referrer who
 * is a member on chain. Repeating a registration that went through signs in instead.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";

import type { AccountRow } from "../accounts";
import { clientKey } from "../clients";
import { ApiError, badRequest, conflict } from "../errors";
import { checkNewPassword, decryptPassword, hashPassword } from "../passwords";
import { isFreeOfLookAlikes, normalizePassword, parseAccountName } from "../text";
import { consumeProof, parseWallet } from "../wallet-proof";
import { bodyOf, checkPassword, requirePassword, sessionReply, type RouteContext } from "./shared";

function parseReferrer(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw badRequest("enterReferrer");
  return parseWallet(value);
}

/** The referrer must be a member on chain; a chain that cannot be asked is the network's fault. */
async function checkReferrer(context: RouteContext, request: FastifyRequest, referrer: string): Promise<void> {
  let known: boolean;
  try {
    known = await context.referrers(referrer);
  } catch (error) {
    request.log.warn({ err: error }, "could not ask the chain about a referrer");
    throw new ApiError(503, "network");
  }
  if (!known) throw badRequest("unknownReferrer");
}

export const registerRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const { db, accounts, passwordKeys, site, now, limited } = context;

  app.post("/api/register", limited, async (request, reply) => {
    const body = bodyOf(request);
    const name = parseAccountName(body.account);
    const ciphertext = requirePassword(body.password);
    const referrer = parseReferrer(body.referrer);
    const wallet = parseWallet(body.wallet);
    if (referrer === wallet) throw badRequest("selfReferral");
    await consumeProof(db, { wallet, nonce: body.nonce, signature: body.signature }, "register", now(), site);
    const password = decryptPassword(ciphertext, passwordKeys.privateKey);

    // A registration that went through before (the on-chain step failed after it, or a twin
    // request from another tab won the race): the same wallet, account and password get a new
    // session, never a second account. The referrer is the one stored then.
    const repeat = async (existing: AccountRow) => {
      if ((await accounts.byName(name))?.id !== existing.id) throw conflict("walletBound");
      await checkPassword(context, existing, name, wallet, clientKey(request.ip), password);
      request.log.info({ accountId: existing.id, wallet }, "registration repeated");
      return sessionReply(context, reply, existing, wallet, 200, { created: false });
    };
    const existing = await accounts.byWallet(wallet);
    if (existing) return repeat(existing);

    // The look-alike rule is for new names only: a repeat above may name an account made before it.
    if (!isFreeOfLookAlikes(name)) throw badRequest("accountLookAlike");
    checkNewPassword(normalizePassword(password));
    if (await accounts.isTaken(name)) throw conflict("accountTaken");
    await checkReferrer(context, request, referrer);
    const passwordHash = await hashPassword(normalizePassword(password));
    let row: AccountRow;
    try {
      row = await accounts.create({ name, passwordHash, referrer, wallet, now: now() });
    } catch (error) {
      const twin = await accounts.byWallet(wallet);
      if (error instanceof ApiError && twin) return repeat(twin);
      throw error;
    }
    request.log.info({ accountId: row.id, wallet, referrer }, "account registered");
    return sessionReply(context, reply, row, wallet, 201, { created: true });
  });
};
