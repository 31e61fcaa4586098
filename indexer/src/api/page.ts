/**
 * Cursor pagination for every list (docs/decisions/indexer.md): newest first, by `position`
 * (src/position.ts). A page asks for one row more than it returns; when that row exists, `next` is
 * the position of the last row returned, and the next page is `?cursor=<next>`. A cursor stays
 * right while rows are added (new rows are above it), unlike an offset.
 */
import { SQL, sql, type Column, type SQLWrapper } from "drizzle-orm";
import { replaceBigInts } from "ponder";

import type { Reader } from "./reader";
import { statement, type Statement } from "./statement";

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

export interface PageRequest {
  /** Rows strictly older than this position; none for the first page. */
  before: bigint | undefined;
  limit: number;
}

export class BadRequest extends Error {}

/**
 * Reads `cursor` and `limit` from a query string; throws BadRequest when either is malformed.
 * `largest` is the route's largest page, when its rows carry others (an order its newest fills): a
 * `limit` over it, up to MAX_LIMIT, is served as that many, and `next` leads on, as a client that
 * follows `next` expects of any page. So every page costs about what a hundred plain rows do.
 */
export function pageRequest(query: { cursor?: string; limit?: string }, largest = MAX_LIMIT): PageRequest {
  const { cursor, limit } = query;
  if (cursor !== undefined && !/^\d{1,30}$/.test(cursor)) throw new BadRequest("cursor must be the `next` of a previous page");
  // Digits only: Number() would also take "1e2", "0x10" and " 5".
  const size = limit === undefined ? DEFAULT_LIMIT : /^\d{1,3}$/.test(limit) ? Number(limit) : NaN;
  if (!Number.isInteger(size) || size < 1 || size > MAX_LIMIT) throw new BadRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  return { before: cursor === undefined ? undefined : BigInt(cursor), limit: Math.min(size, largest) };
}

/** The JSON body of a page: integers as decimal strings (they exceed 2^53), and the next cursor. */
export function pageOf<Row extends { position: bigint }>(rows: Row[], request: PageRequest) {
  return { items: replaceBigInts(rows.slice(0, request.limit), (value) => value.toString()), next: nextCursor(rows, request) };
}

/** The cursor of the page after this one: the last row's position when the query found one row more than the page. */
export function nextCursor(rows: { position: bigint }[], request: PageRequest): string | null {
  return rows.length > request.limit ? rows[request.limit - 1]!.position.toString() : null;
}

/**
 * A row as the database writes it into JSON, `item` of a jsonPage query: each column under its
 * key, the tables' `bigint` (numeric(78): amounts, positions, blocks, times) as decimal strings,
 * as pageOf writes them; json columns (and subqueries that make json) as they are.
 */
export function jsonRow(columns: Record<string, Column | SQL>): SQL.Aliased<unknown> {
  return jsonObject(columns).as("item");
}

/** jsonRow's object, for a subquery of one's own (the orders' newest fills). */
export function jsonObject(columns: Record<string, Column | SQL>): SQL<unknown> {
  const pairs = Object.entries(columns).map(([key, value]) => {
    const json = value instanceof SQL ? value : value.dataType === "bigint" ? sql`${value}::text` : sql`${value}`;
    // The keys are the tables' own column names (ponder.schema.ts), never a request's: written as
    // literals, not sent as parameters (600 of them for a page of orders with their fills).
    if (!/^[A-Za-z]+$/.test(key)) throw new Error(`jsonObject: '${key}' is not a column name`);
    return sql`${sql.raw(`'${key}'`)}, ${json}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** The `cursor` of a jsonPage query: the rows' position, as a number. */
export function cursorOf(position: Column): SQL.Aliased<bigint> {
  return sql<bigint>`${position}`.as("cursor");
}

/** The `before` of a first page: above every position (a cursor has at most 30 digits), so that
 *  every page is the same statement, `position < $before`, whatever it is. */
const ABOVE_EVERY_POSITION = 10n ** 30n;

/** A page query's rows: those older than the request's cursor (`position < $before`)... */
export function olderThanCursor(position: Column): SQL {
  return sql`${position} < ${sql.placeholder("before")}`;
}

/** ...and as many of them as the page has, and one more (its LIMIT). */
export const PAGE_ROWS = sql.placeholder("fetch");

/**
 * A page written as JSON by the database, `{"items":[…],"next":…}`, sent as it is: parsing rows
 * and writing them again as JSON was most of a route's time under load, in the one thread that
 * serves every client (scripts/bench/indexer.ts); the database writes it on its own core.
 * `rows` is the route's query, selecting `item` (jsonRow) and `cursor` (cursorOf), newest first,
 * olderThanCursor, LIMIT PAGE_ROWS (the page's size plus one). Built once (./statement.ts).
 */
export function pageStatement(name: string, rows: SQLWrapper): Statement {
  const size = sql.placeholder("size");
  return statement(
    name,
    sql`
    SELECT coalesce(json_agg(page.item ORDER BY page.n) FILTER (WHERE page.n <= ${size}), '[]')::text AS items,
           max(page.cursor) FILTER (WHERE page.n = ${size})::text AS last,
           count(*) > ${size} AS more
    FROM (SELECT found.item, found.cursor, row_number() OVER (ORDER BY found.cursor DESC) AS n FROM (${rows}) AS found) AS page`,
  );
}

/** Runs a pageStatement for `request`, with the route's own `values`: the page's JSON. */
export async function readPage(db: Reader, page: Statement, request: PageRequest, values: Record<string, unknown> = {}): Promise<string> {
  const found = await db.run<{ items: string; last: string | null; more: boolean }>(page, {
    ...values,
    before: request.before ?? ABOVE_EVERY_POSITION,
    fetch: request.limit + 1,
    size: request.limit,
  });
  const [{ items, last, more }] = rowsOf(found);
  return `{"items":${items},"next":${more ? JSON.stringify(last) : "null"}}`;
}

/** A query's rows, when it must answer at least one. */
export function rowsOf<Row>(rows: Row[]): [Row, ...Row[]] {
  if (rows.length === 0) throw new Error("the query answered no row");
  return rows as [Row, ...Row[]];
}
