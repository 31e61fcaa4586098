/**
 * The owner's operations through the AccessManager (docs/decisions/governance.md), for the pages
 * that say what is queued against their figures and for the terms page's history.
 *
 * GET /history/governance/operations?status=pending|past|executed|all (all by default), newest first
 * (by when each was scheduled), paged like every list (./page.ts). Each item:
 *
 *   {
 *     "id": "0x<operationId>:<nonce>",
 *     "operationId": "0x…", "nonce": 1,
 *     "caller": "0x…",                      who scheduled it
 *     "target": "0x…",                      the contract it calls
 *     "contract": "Revenue" | null,         the target's name in the address book
 *     "data": "0x…",                        the call
 *     "functionName": "setDailyRate" | null,
 *     "args": { "dailyRateBps_": "50" } | null,   by parameter name; integers as decimal strings,
 *                                                 addresses in lower case, arrays kept
 *     "schedule": "1767225600",             unix time from which it may be executed
 *     "expiresAt": "1767830400",            after which it can no longer be (schedule + a week)
 *     "status": "scheduled" | "executed" | "cancelled" | "expired",
 *     "position": "…", "blockNumber": "…", "time": "…", "txHash": "0x…",   when it was scheduled
 *     "closedTime": "…" | null, "closedBlockNumber": "…" | null, "closedTxHash": "0x…" | null
 *   }
 *
 * `pending` is what may still apply: scheduled, neither executed nor cancelled, and not expired;
 * `past` is the rest (executed, cancelled or expired), `executed` what applied.
 * Expired is computed, never stored: by the later of this server's clock and the newest block
 * time it has indexed (a local chain's clock may run ahead of the wall's; mainnet's does not).
 *
 * GET /history/governance/roles: the manager's role members as its RoleGranted and RoleRevoked
 * events leave them (the chain has no view that lists them), the admin (role 0) first:
 *   { "items": [{ "roleId": "0", "account": "0x…", "executionDelay": "600", "since": "…",
 *                 "position": "…", "time": "…", "txHash": "0x…" }], "next": null }
 */
import type { Hono } from "hono";
import { and, asc, desc, eq, gt, inArray, lt, lte, ne, or } from "ponder";
import { event, governanceOperation } from "ponder:schema";

import type { ApiEnv } from "./env";
import { BadRequest, pageOf, pageRequest } from "./page";
import type { Reader } from "./reader";

/** OpenZeppelin's AccessManager.expiration(): a week, in seconds. The deployed manager is
 *  OpenZeppelin's unchanged (mocks/contracts/Governance.sol), whose expiration is this constant. */
export const EXPIRATION_SECONDS = 7n * 24n * 3600n;

/** The most role events the roles route folds: role changes are rare (an admin handed over, a
 *  price setter replaced), so this is years of them; past it the route refuses rather than guess. */
const MAX_ROLE_EVENTS = 1_000;

const STATUSES = ["pending", "past", "executed", "all"] as const;
type StatusFilter = (typeof STATUSES)[number];

type SQL = NonNullable<ReturnType<typeof and>>;

/** Now, for expiry: the later of the server's clock and the newest indexed block's time. */
async function now(db: Reader): Promise<bigint> {
  const [newest] = await db.select({ time: event.time }).from(event).orderBy(desc(event.position)).limit(1);
  const wall = BigInt(Math.floor(Date.now() / 1000));
  return newest && newest.time > wall ? newest.time : wall;
}

export function governanceRoutes(app: Hono<ApiEnv>): void {
  app.get("/governance/operations", async (c) => {
    const status = (c.req.query("status") ?? "all") as StatusFilter;
    if (!STATUSES.includes(status)) throw new BadRequest("status is 'pending', 'past', 'executed' or 'all'");
    const request = pageRequest(c.req.query());
    // The clock and the page in one read: the page's expiry is by the newest block it could show.
    const { at, rows } = await c.var.read(async (db) => {
      const at = await now(db);
      const pending = and(eq(governanceOperation.status, "scheduled"), gt(governanceOperation.schedule, at - EXPIRATION_SECONDS));
      const filter: SQL | undefined =
        status === "pending"
          ? pending
          : status === "past"
            ? or(ne(governanceOperation.status, "scheduled"), lte(governanceOperation.schedule, at - EXPIRATION_SECONDS))
            : status === "executed"
              ? eq(governanceOperation.status, "executed")
              : undefined;
      const where = request.before === undefined ? filter : and(filter, lt(governanceOperation.position, request.before));
      return { at, rows: await db.select().from(governanceOperation).where(where).orderBy(desc(governanceOperation.position)).limit(request.limit + 1) };
    });
    const items = rows.map(({ managerOperationId, ...row }) => {
      const expiresAt = row.schedule + EXPIRATION_SECONDS;
      return { ...row, operationId: managerOperationId, expiresAt, status: row.status === "scheduled" && expiresAt <= at ? "expired" : row.status };
    });
    return c.json(pageOf(items, request));
  });

  app.get("/governance/roles", async (c) => {
    const rows = await c.var.read((db) =>
      db
        .select({ name: event.name, args: event.args, position: event.position, time: event.time, txHash: event.txHash })
        .from(event)
        .where(and(eq(event.contract, "AccessManager"), inArray(event.name, ["RoleGranted", "RoleRevoked"])))
        .orderBy(asc(event.position))
        .limit(MAX_ROLE_EVENTS + 1),
    );
    if (rows.length > MAX_ROLE_EVENTS) throw new Error(`more than ${MAX_ROLE_EVENTS} role events: the roles route needs a projection of its own`);
    // Folded in chain order: a grant (or a new delay) replaces the member's row, a revocation drops it.
    const members = new Map<string, { roleId: string; account: string; executionDelay: string; since: string; position: bigint; time: bigint; txHash: string }>();
    for (const { name, args, position, time, txHash } of rows) {
      // Stored by jsonArgs (src/args.ts): integers as decimal strings, the account in lower case.
      const { roleId = "", account = "", delay = "", since = "" } = args as Partial<Record<string, string>>;
      const key = `${roleId}:${account}`;
      if (name === "RoleRevoked") members.delete(key);
      else members.set(key, { roleId, account, executionDelay: delay, since, position, time, txHash });
    }
    const items = [...members.values()].sort((a, b) => (BigInt(a.roleId) < BigInt(b.roleId) ? -1 : BigInt(a.roleId) > BigInt(b.roleId) ? 1 : 0));
    return c.json(pageOf(items, { before: undefined, limit: items.length }));
  });
}
