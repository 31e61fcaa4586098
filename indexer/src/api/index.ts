/**
 * The indexer's HTTP API: the history routes under /history (the app reaches them at its own
 * origin: docs/operations.md §5), and /health and /ready (./health.ts). Named routes, not Ponder's
 * SQL-over-HTTP or GraphQL: each is one statement on an index, reading at most its page's rows and
 * a constant (the orders route: 5 fills an order more), so its cost is known and the benchmark
 * holds it to a budget; the app needs no client library; and the tables can change behind the
 * routes. The database writes each page's JSON (./page.ts, pageStatement), sent as it is; each route's
 * statement is built once and prepared by name (./statement.ts).
 *
 * Around every route (docs/decisions/indexer.md, "No client can stall it"):
 * - a client runs one request at a time, the rest waiting in its own line (./gate.ts);
 * - the database is read through ./reader.ts: a statement timeout, and a request whose client has
 *   gone is cancelled in the database, not left running;
 * - a failure answers `{ "error": "..." }` in a few generic words and logs its cause (./errors.ts),
 *   Ponder's own routes (/status, /metrics) included.
 *
 * Every list is `{ items, next }`, newest first; accounts are 0x addresses in any case. The
 * governance routes, and the JSON they answer, are in ./governance.ts.
 */
import type { ServerResponse } from "node:http";

import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { timeout } from "hono/timeout";
import { getTableColumns, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { and, desc, eq, sql } from "ponder";
import { claim, claimDay, event, eventParty, fill, marketDay, marketHour, member, poolWin, saleOrder } from "ponder:schema";

import type { ApiEnv } from "./env";
import type { ClaimDayJson, OrderFillJson } from "./rows";
import { clientAddress, clientSettings } from "./client";
import { failure, logFailure } from "./errors";
import { API_GATE, Gate } from "./gate";
import { governanceRoutes } from "./governance";
import { healthRoutes } from "./health";
import { BadRequest, MAX_LIMIT, PAGE_ROWS, cursorOf, jsonObject, jsonRow, olderThanCursor, pageRequest, pageStatement, readPage, type PageRequest } from "./page";
import { ClientGone, createReadScope } from "./reader";
import { query, type Statement } from "./statement";

/** What one client may run (./gate.ts, API_GATE): one request at a time (INDEXER_CLIENT_CONCURRENCY),
 *  20 waiting, a flood resting between its requests. */
const gate = new Gate({ concurrency: wholeNumber("INDEXER_CLIENT_CONCURRENCY", 1), ...API_GATE });
/** The longest any request takes before it is answered 503. */
const REQUEST_TIMEOUT_MS = 5_000;

function wholeNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  if (!/^[1-9]\d{0,3}$/.test(text)) throw new Error(`${name} must be a whole number from 1 to 9999, got '${text}'.`);
  return Number(text);
}

const readScope = createReadScope();
const clients = clientSettings();

/** Who is asking (./client.ts): the connection's address, or a trusted proxy's header naming it. */
function clientOf(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return clientAddress(incoming?.socket?.remoteAddress, clients.header ? c.req.header(clients.header) : undefined, clients);
}

const app = new Hono<ApiEnv>();

app.onError((error, c) => {
  // Nobody reads it: 499 (nginx's "client closed request") is for the metrics.
  if (error instanceof ClientGone) return new Response(null, { status: 499 });
  const { status, body } = failure(error);
  if (status >= 500) logFailure(c, error);
  return c.json(body, status);
});

// Mounted before Ponder's own routes (the patch in scripts/patches): their failures, which Ponder
// answers with the exception's message and file, are answered here in two words instead.
app.use("*", async (c, next) => {
  await next();
  if (c.res.status === 500) c.res = c.json(failure(c.error).body, 500);
});

// No answer takes longer than this, Ponder's own routes included: with the database down, its
// /status retries for a minute and more (ours give up with the statement timeout, 2 s).
app.use("*", timeout(REQUEST_TIMEOUT_MS, () => new HTTPException(503, { message: "timed out" })));

/**
 * Aborts when the client goes away before its answer is sent: the node server's response closed
 * unfinished, as the node server itself decides it. Not `c.req.raw.signal`, which is the same
 * signal but makes the node server build a whole `Request` for it: a tenth of a small page's time
 * in the indexer's one thread (docs/performance.md §6).
 */
function clientGone(c: Context): AbortSignal {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing) return c.req.raw.signal;
  const gone = new AbortController();
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) gone.abort(new ClientGone());
  });
  return gone.signal;
}

app.use("*", async (c, next) => {
  // Also past REQUEST_TIMEOUT_MS: the request was answered 503 then, and one still waiting in its
  // client's line, or reading, would run for nobody.
  const signal = AbortSignal.any([clientGone(c), AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
  c.set("signal", signal);
  c.set("read", (query) => readScope(signal, query));
  await next();
});

app.use("/history/*", async (c, next) => {
  const signal = c.var.signal;
  const leave = await gate.enter(clientOf(c), signal).catch((error: unknown) => {
    throw signal.aborted ? new ClientGone() : error;
  });
  try {
    await next();
  } finally {
    leave();
  }
});

healthRoutes(app);

const history = new Hono<ApiEnv>();

function account(text: string): `0x${string}` {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) throw new BadRequest("the account must be a 0x address");
  return text.toLowerCase() as `0x${string}`;
}

const JSON_TYPE = { "content-type": "application/json" };

/** A route's placeholder for the account it names (an 0x address, lower case). */
const ACCOUNT = sql.placeholder("account");

/** A table whose rows a route pages through, newest first, by `position`. */
type PagedTable = PgTable & { position: PgColumn };

/** The page statement of `table`'s rows, whole, where `filter` holds (every row without one). */
function rowsPage(name: string, table: PagedTable, filter?: SQL): Statement {
  return columnsPage(name, table, getTableColumns(table), table.position, filter);
}

/** The page statement of `columns` of `table`'s rows where `filter` holds, newest first by
 *  `cursor` (unique per row: a position, or a time bucket's start). */
function columnsPage(name: string, table: PgTable, columns: Record<string, PgColumn>, cursor: PgColumn, filter?: SQL): Statement {
  return pageStatement(
    name,
    query
      .select({ item: jsonRow(columns), cursor: cursorOf(cursor) })
      .from(table)
      .where(and(filter, olderThanCursor(cursor)))
      .orderBy(desc(cursor))
      .limit(PAGE_ROWS),
  );
}

/** Answers the page of `page` that `request` asks for, with the route's own `values`. */
async function answerPage(c: Context<ApiEnv>, page: Statement, request: PageRequest, values?: Record<string, unknown>): Promise<Response> {
  return c.body(await c.var.read((db) => readPage(db, page, request, values)), 200, JSON_TYPE);
}

/** Every event of the product's contracts: the record the tests compare with the chain's logs. */
const eventsPage = rowsPage("history_events", event);
history.get("/events", (c) => answerPage(c, eventsPage, pageRequest(c.req.query())));

/** Everything the account sent or is named in: the activity page. */
const { position, contract, name, sender, args, blockNumber, time, txHash } = getTableColumns(event);
const activityPage = pageStatement(
  "history_activity",
  query
    .select({ item: jsonRow({ position, contract, name, sender, args, blockNumber, time, txHash }), cursor: cursorOf(eventParty.position) })
    .from(eventParty)
    .innerJoin(event, eq(event.id, eventParty.eventId))
    .where(and(eq(eventParty.account, ACCOUNT), olderThanCursor(eventParty.position)))
    .orderBy(desc(eventParty.position))
    .limit(PAGE_ROWS),
);
history.get("/accounts/:account/activity", (c) => answerPage(c, activityPage, pageRequest(c.req.query()), { account: account(c.req.param("account")) }));

const claimsPage = rowsPage("history_claims", claim, eq(claim.member, ACCOUNT));
history.get("/accounts/:account/claims", (c) => answerPage(c, claimsPage, pageRequest(c.req.query()), { account: account(c.req.param("account")) }));

/** Fills an order carries in the orders route: the newest few. An order can be bought in any
 *  number of small fills (by anyone), so the rest are paged by /orders/:index/fills. */
export const FILLS_PER_ORDER = 5;

/** The columns of a fill nested under its order (OrderFillJson): not the order's index and seller,
 *  which the order has, nor the fill's id and block, which no view shows. */
const ORDER_FILL_COLUMNS = {
  buyer: fill.buyer,
  mvAmount: fill.mvAmount,
  usdtAmount: fill.usdtAmount,
  position: fill.position,
  time: fill.time,
  txHash: fill.txHash,
} satisfies Record<keyof OrderFillJson, unknown>;

/** The largest page of orders: 20, each with up to FILLS_PER_ORDER fills, 120 rows, about what a
 *  page of a hundred plain rows costs (a page of 100 orders was 180 kB and 8 ms alone, and 20
 *  clients asking for them waited 93-128 ms: docs/performance.md §6). */
export const ORDERS_PER_PAGE = 20;

/**
 * The account's sale orders, each with its newest fills and how many it has had: one statement.
 * The fills are a subquery per order of the page, on the index (order, position), stopped at
 * FILLS_PER_ORDER: an order with 4,000 fills costs what one with 5 does. (Drizzle 0.41 has no
 * lateral join; a subquery in the select list is the same plan.)
 */
const newestFills = sql`(
    SELECT coalesce(json_agg(newest.item ORDER BY newest.cursor DESC), '[]'::json)
    FROM (SELECT ${jsonObject(ORDER_FILL_COLUMNS)} AS item, ${fill.position} AS cursor FROM ${fill}
          WHERE ${fill.orderIndex} = ${saleOrder.index} ORDER BY ${fill.position} DESC LIMIT ${sql.raw(String(FILLS_PER_ORDER))}) AS newest)`;
const ordersPage = pageStatement(
  "history_orders",
  query
    .select({ item: jsonRow({ ...getTableColumns(saleOrder), fills: newestFills }), cursor: cursorOf(saleOrder.position) })
    .from(saleOrder)
    .where(and(eq(saleOrder.seller, ACCOUNT), olderThanCursor(saleOrder.position)))
    .orderBy(desc(saleOrder.position))
    .limit(PAGE_ROWS),
);
history.get("/accounts/:account/orders", (c) =>
  answerPage(c, ordersPage, pageRequest(c.req.query(), ORDERS_PER_PAGE), { account: account(c.req.param("account")) }),
);

/** Every fill of one order, newest first. */
const orderFillsPage = rowsPage("history_order_fills", fill, eq(fill.orderIndex, sql.placeholder("order")));
history.get("/orders/:index/fills", (c) => {
  const index = c.req.param("index");
  if (!/^\d{1,20}$/.test(index)) throw new BadRequest("the order is a whole number");
  return answerPage(c, orderFillsPage, pageRequest(c.req.query()), { order: BigInt(index) });
});

/** Members who joined under the account, newest first: the team page's "joined" dates. */
const teamPage = rowsPage("history_team", member, eq(member.referrer, ACCOUNT));
history.get("/accounts/:account/team", (c) => answerPage(c, teamPage, pageRequest(c.req.query()), { account: account(c.req.param("account")) }));

/** When each of the given members joined, and under whom: `?address=0x…&address=0x…` (a page of the team list). */
const membersPage = rowsPage("history_members", member, sql`${member.address} = ANY(${sql.placeholder("accounts")}::text[])`);
history.get("/members", (c) => {
  const addresses = (c.req.queries("address") ?? []).map(account);
  if (addresses.length === 0 || addresses.length > MAX_LIMIT) throw new BadRequest(`name from 1 to ${MAX_LIMIT} accounts as ?address=`);
  // One page of them all, newest first: at most MAX_LIMIT rows, so `next` is always null.
  return answerPage(c, membersPage, { before: undefined, limit: MAX_LIMIT }, { accounts: addresses });
});

/** The market's latest fills, whoever bought. */
const marketFillsPage = rowsPage("history_market_fills", fill);
history.get("/market/fills", (c) => answerPage(c, marketFillsPage, pageRequest(c.req.query())));

/** The market's fills summed per UTC hour and per UTC day, newest first: its chart's price (USDT
 *  over MV) and volume. A bucket's start is its cursor; a week of hours is two pages of 100. */
const marketHoursPage = columnsPage("history_market_hours", marketHour, getTableColumns(marketHour), marketHour.start);
history.get("/market/hours", (c) => answerPage(c, marketHoursPage, pageRequest(c.req.query())));
const marketDaysPage = columnsPage("history_market_days", marketDay, getTableColumns(marketDay), marketDay.start);
history.get("/market/days", (c) => answerPage(c, marketDaysPage, pageRequest(c.req.query())));

/** The account's claims summed per UTC day, newest first: My Earnings' chart. */
const { start: dayStart, usdValue: dayUsd, acbAmount: dayAcb, claims: dayClaims } = getTableColumns(claimDay);
const claimDaysPage = columnsPage(
  "history_claim_days",
  claimDay,
  { start: dayStart, usdValue: dayUsd, acbAmount: dayAcb, claims: dayClaims } satisfies Record<keyof ClaimDayJson, PgColumn>,
  claimDay.start,
  eq(claimDay.member, ACCOUNT),
);
history.get("/accounts/:account/claims/days", (c) => answerPage(c, claimDaysPage, pageRequest(c.req.query()), { account: account(c.req.param("account")) }));

/** A pool's last winners: `lucky` or `max`. */
const winnersPage = rowsPage("history_pool_winners", poolWin, eq(poolWin.pool, sql.placeholder("pool")));
history.get("/pools/:pool/winners", (c) => {
  const pool = c.req.param("pool");
  if (pool !== "lucky" && pool !== "max") throw new BadRequest("the pool is 'lucky' or 'max'");
  return answerPage(c, winnersPage, pageRequest(c.req.query()), { pool });
});

/** The owner's operations and the manager's roles (./governance.ts). */
governanceRoutes(history);

app.route("/history", history);

export default app;
