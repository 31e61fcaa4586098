/**
 * Cursor pagination for every list (docs/decisions/indexer.md): newest first, by `position`
 * (src/position.ts). A page asks for one row more than it returns; when that row exists, `next` is
 * the position of the last row returned, and the next page is `?cursor=<next>`. A cursor stays
 * right while rows are added (new rows are above it), unlike an offset.
 */
import { replaceBigInts } from "ponder";

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

export interface PageRequest {
  /** Rows strictly older than this position; none for the first page. */
  before: bigint | undefined;
  limit: number;
}

export class BadRequest extends Error {}

/** Reads `cursor` and `limit` from a query string; throws BadRequest when either is malformed. */
export function pageRequest(query: { cursor?: string; limit?: string }): PageRequest {
  const { cursor, limit } = query;
  if (cursor !== undefined && !/^\d{1,30}$/.test(cursor)) throw new BadRequest("cursor must be the `next` of a previous page");
  // Digits only: Number() would also take "1e2", "0x10" and " 5".
  const size = limit === undefined ? DEFAULT_LIMIT : /^\d{1,3}$/.test(limit) ? Number(limit) : NaN;
  if (!Number.isInteger(size) || size < 1 || size > MAX_LIMIT) throw new BadRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
  return { before: cursor === undefined ? undefined : BigInt(cursor), limit: size };
}

/** The JSON body of a page: integers as decimal strings (they exceed 2^53), and the next cursor. */
export function pageOf<Row extends { position: bigint }>(rows: Row[], request: PageRequest) {
  const items = rows.slice(0, request.limit);
  const next = rows.length > request.limit ? items[items.length - 1]!.position.toString() : null;
  return { items: replaceBigInts(items, (value) => value.toString()), next };
}
