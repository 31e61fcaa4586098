/**
 * Accounts as they are asked about: whether a name is free (POST /api/account-name), and the
 * member's own account (GET /api/account, with a session's bearer token).
 */
import type { FastifyPluginAsync } from "fastify";

import { accountView } from "../accounts";
import { badRequest, errorBody, unauthorized } from "../errors";
import { isFreeOfLookAlikes, parseAccountName } from "../text";
import { bearerToken, bodyOf, type RouteContext } from "./shared";

export const accountRoutes: FastifyPluginAsync<RouteContext> = async (app, context) => {
  const { accounts, sessions, now, limited } = context;

  // Whether a name is free, asked before the wallet signs, so a name someone has is refused at no
  // signature's cost. It answers that and nothing else (no wallet, referrer or date), with the
  // register route's own parsing, rules and lookup (NFKC, case folding), so the two never disagree. The
  // register route tells the same after a signature, and this one counts against the same budget
  // as the writes, so it is no faster way to list names. A POST, so the name stays out of URLs.
  app.post("/api/account-name", limited, async (request) => {
    const name = parseAccountName(bodyOf(request).account);
    // A name registration would refuse for what it is (a look-alike) is an answer, not a bad
    // request: not free, and why, in a refusal's words.
    if (!isFreeOfLookAlikes(name)) return { free: false, ...errorBody(badRequest("accountLookAlike")) };
    return { free: !(await accounts.isTaken(name)) };
  });

  app.get("/api/account", async (request) => {
    const session = await sessions.find(bearerToken(request), now());
    const row = session && (await accounts.byId(session.accountId));
    if (!session || !row) throw unauthorized("sessionExpired");
    return accountView(row, session.wallet);
  });
};
