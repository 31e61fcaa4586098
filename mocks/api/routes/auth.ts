/**
 * Signing in with a wallet: a nonce to sign (POST /api/auth/nonce, for any purpose of
 * wallet-proof.ts), a login with the signed nonce (POST /api/login) and a logout (POST /api/logout).
 */
import type { FastifyPluginAsync } from "fastify";

import { clientKey } from "../clients";
import { ApiError, badRequest } from "../errors";
import { throttleKeys } from "../throttle";
import { PURPOSES, consumeProof, issueChallenge, parseWallet, type Purpose } from "../wallet-proof";
import { bearerToken, bodyOf, sessionReply, type RouteContext } from "./shared";

export const authRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const { db, accounts, sessions, throttle, site, now, nonceTtl, limited } = context;

  app.post("/api/auth/nonce", limited, async (request) => {
    const body = bodyOf(request);
    const wallet = parseWallet(body.wallet);
    if (!PURPOSES.includes(body.purpose as Purpose)) throw badRequest("malformedRequest");
    // A wallet that must wait is told before it signs, not after.
    const client = clientKey(request.ip);
    if (body.purpose === "bind") await throttle.check([throttleKeys.wallet(wallet), throttleKeys.client(client)], now());
    const challenge = await issueChallenge(db, site, body.purpose as Purpose, wallet, client, now(), nonceTtl);
    return { nonce: challenge.nonce, message: challenge.message, expiresAt: new Date(challenge.expiresAt).toISOString() };
  });

  // A signature cannot be guessed, so failed logins are not counted against the wallet (that
  // would let anyone lock a wallet out); the per-address request limit covers floods.
  app.post("/api/login", limited, async (request, reply) => {
    const body = bodyOf(request);
    const wallet = parseWallet(body.wallet);
    await consumeProof(db, { wallet, nonce: body.nonce, signature: body.signature }, "login", now(), site);
    const row = await accounts.byWallet(wallet);
    if (!row) throw new ApiError(404, "walletNotBound");
    request.log.info({ accountId: row.id, wallet }, "logged in");
    return sessionReply(context, reply, row, wallet);
  });

  app.post("/api/logout", async (request, reply) => {
    await sessions.close(bearerToken(request));
    return reply.status(204).send();
  });
};
