/** POST /api/bind: a wallet bound to an existing account, proved by its signature and the account's password. */
import type { FastifyPluginAsync } from "fastify";

import type { AccountRow } from "../accounts";
import { clientKey } from "../clients";
import { decryptPassword } from "../passwords";
import { parseAccountName } from "../text";
import { consumeProof, parseWallet } from "../wallet-proof";
import { bodyOf, checkPassword, requirePassword, sessionReply, type RouteContext } from "./shared";

export const bindRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const { db, accounts, passwordKeys, site, now, limited } = context;

  app.post("/api/bind", limited, async (request, reply) => {
    const body = bodyOf(request);
    const name = parseAccountName(body.account);
    const ciphertext = requirePassword(body.password);
    const wallet = parseWallet(body.wallet);
    // The proof comes first: only the holder of the wallet can spend its attempts.
    await consumeProof(db, { wallet, nonce: body.nonce, signature: body.signature }, "bind", now(), site);
    const password = decryptPassword(ciphertext, passwordKeys.privateKey);
    let row: AccountRow;
    try {
      row = await checkPassword(context, await accounts.byName(name), name, wallet, clientKey(request.ip), password);
    } catch (error) {
      request.log.info({ wallet }, "bind refused");
      throw error;
    }
    await accounts.bind(row.id, wallet, now());
    request.log.info({ accountId: row.id, wallet }, "wallet bound");
    return sessionReply(context, reply, row, wallet);
  });
};
