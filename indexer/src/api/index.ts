/**
 * The indexer's HTTP API, under /history (the app reaches it at its own origin: docs/operations.md
 * §5). Named routes, not Ponder's SQL-over-HTTP or GraphQL: each is one indexed query with a
 * bounded page (src/api/page.ts), so its cost is known (the benchmark measures it at 100,000 rows),
 * the app needs no client library, and the tables can change behind the routes. One exception: an
 * account's orders add, per order of the page, one query of its newest fills, an index range of
 * at most FILLS_PER_ORDER rows (cheaper in rows than one windowed query over every fill of the
 * page's orders, which an order bought in hundreds of small fills would make long).
 *
 * Every list is `{ items, next }`, newest first; accounts are 0x addresses in any case. The
 * governance routes, and the JSON they answer, are in ./governance.ts.
 */
import { Hono } from "hono";
import { and, desc, eq, inArray, lt } from "ponder";
import { db } from "ponder:api";
import { claim, event, eventParty, fill, member, poolWin, saleOrder } from "ponder:schema";

import { governanceRoutes } from "./governance";
import { BadRequest, MAX_LIMIT, pageOf, pageRequest, type PageRequest } from "./page";

const app = new Hono().basePath("/history");

app.onError((error, c) => {
  if (error instanceof BadRequest) return c.json({ error: error.message }, 400);
  throw error;
});

function account(text: string): `0x${string}` {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) throw new BadRequest("the account must be a 0x address");
  return text.toLowerCase() as `0x${string}`;
}

type SQL = NonNullable<ReturnType<typeof and>>;

/** `where` and, for a page after the first, rows older than its cursor. */
function older(column: Parameters<typeof lt>[0], request: PageRequest, where?: SQL): SQL | undefined {
  return request.before === undefined ? where : and(where, lt(column, request.before));
}

/** Every event of the product's contracts: the record the tests compare with the chain's logs. */
app.get("/events", async (c) => {
  const request = pageRequest(c.req.query());
  const rows = await db.select().from(event).where(older(event.position, request)).orderBy(desc(event.position)).limit(request.limit + 1);
  return c.json(pageOf(rows, request));
});

/** Everything the account sent or is named in: the activity page. */
app.get("/accounts/:account/activity", async (c) => {
  const request = pageRequest(c.req.query());
  const rows = await db
    .select({
      position: event.position,
      contract: event.contract,
      name: event.name,
      sender: event.sender,
      args: event.args,
      blockNumber: event.blockNumber,
      time: event.time,
      txHash: event.txHash,
    })
    .from(eventParty)
    .innerJoin(event, eq(event.id, eventParty.eventId))
    .where(older(eventParty.position, request, eq(eventParty.account, account(c.req.param("account")))))
    .orderBy(desc(eventParty.position))
    .limit(request.limit + 1);
  return c.json(pageOf(rows, request));
});

app.get("/accounts/:account/claims", async (c) => {
  const request = pageRequest(c.req.query());
  const rows = await db
    .select()
    .from(claim)
    .where(older(claim.position, request, eq(claim.member, account(c.req.param("account")))))
    .orderBy(desc(claim.position))
    .limit(request.limit + 1);
  return c.json(pageOf(rows, request));
});

/** Fills an order carries in the orders route: the newest few. An order can be bought in any
 *  number of small fills (by anyone), so the rest are paged by /orders/:index/fills. */
const FILLS_PER_ORDER = 5;

/** The account's sale orders, each with its newest fills and how many it has had. */
app.get("/accounts/:account/orders", async (c) => {
  const request = pageRequest(c.req.query());
  const orders = await db
    .select()
    .from(saleOrder)
    .where(older(saleOrder.position, request, eq(saleOrder.seller, account(c.req.param("account")))))
    .orderBy(desc(saleOrder.position))
    .limit(request.limit + 1);
  const withFills = await Promise.all(
    orders.slice(0, request.limit).map(async (order) => ({
      ...order,
      fills: await db.select().from(fill).where(eq(fill.orderIndex, order.index)).orderBy(desc(fill.position)).limit(FILLS_PER_ORDER),
    })),
  );
  return c.json(pageOf([...withFills, ...orders.slice(request.limit)], request));
});

/** Every fill of one order, newest first. */
app.get("/orders/:index/fills", async (c) => {
  const index = c.req.param("index");
  if (!/^\d{1,20}$/.test(index)) throw new BadRequest("the order is a whole number");
  const request = pageRequest(c.req.query());
  const rows = await db
    .select()
    .from(fill)
    .where(older(fill.position, request, eq(fill.orderIndex, BigInt(index))))
    .orderBy(desc(fill.position))
    .limit(request.limit + 1);
  return c.json(pageOf(rows, request));
});

/** Members who joined under the account, newest first: the team page's "joined" dates. */
app.get("/accounts/:account/team", async (c) => {
  const request = pageRequest(c.req.query());
  const rows = await db
    .select()
    .from(member)
    .where(older(member.position, request, eq(member.referrer, account(c.req.param("account")))))
    .orderBy(desc(member.position))
    .limit(request.limit + 1);
  return c.json(pageOf(rows, request));
});

/** When each of the given members joined, and under whom: `?address=0x…&address=0x…` (a page of the team list). */
app.get("/members", async (c) => {
  const addresses = (c.req.queries("address") ?? []).map(account);
  if (addresses.length === 0 || addresses.length > MAX_LIMIT) throw new BadRequest(`name from 1 to ${MAX_LIMIT} accounts as ?address=`);
  const rows = await db.select().from(member).where(inArray(member.address, addresses));
  return c.json(pageOf(rows, { before: undefined, limit: rows.length }));
});

/** The market's latest fills, whoever bought. */
app.get("/market/fills", async (c) => {
  const request = pageRequest(c.req.query());
  const rows = await db.select().from(fill).where(older(fill.position, request)).orderBy(desc(fill.position)).limit(request.limit + 1);
  return c.json(pageOf(rows, request));
});

/** A pool's last winners: `lucky` or `max`. */
app.get("/pools/:pool/winners", async (c) => {
  const pool = c.req.param("pool");
  if (pool !== "lucky" && pool !== "max") throw new BadRequest("the pool is 'lucky' or 'max'");
  const request = pageRequest(c.req.query());
  const rows = await db
    .select()
    .from(poolWin)
    .where(older(poolWin.position, request, eq(poolWin.pool, pool)))
    .orderBy(desc(poolWin.position))
    .limit(request.limit + 1);
  return c.json(pageOf(rows, request));
});

/** The owner's operations and the manager's roles (./governance.ts). */
governanceRoutes(app);

export default app;
