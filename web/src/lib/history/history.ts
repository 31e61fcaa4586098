/**
 * The indexer's history, read with plain `fetch` at the page's own origin under /history
 * (docs/decisions/indexer.md): no client library, so that only the pages that show history carry
 * this code. Every list is a page `{ items, next }`, newest first; `next` is the cursor of the page
 * after it, or null. Integers come as decimal strings and are read as bigint here.
 */

import { getAddress } from "ethers/address";

import type {
  ActivityJson,
  ClaimDayJson,
  ClaimJson,
  EventJson,
  FillJson,
  MarketBucketJson,
  MemberJson,
  OrderFillJson,
  OrderJson,
  PoolWinJson,
} from "../../../../indexer/src/api/rows";

/** The indexer's path at the page's origin (Vite's proxy, the reverse proxy in production). */
export const HISTORY_PATH = "/history";

/** How long a page may take before history counts as unavailable. */
const TIMEOUT_MS = 8_000;

export interface HistoryPage<T> {
  items: T[];
  next: string | null;
}

/** Where a row is in the chain, and its transaction (every row has these). */
export interface Placed {
  position: string;
  time: number;
  txHash: string;
}

/** One event of the account's activity. */
export interface ActivityRow extends Placed {
  contract: string;
  name: string;
  sender: string;
  args: Record<string, unknown>;
}

/** A claim: the USD value claimed, paid as ACB to the settler. */
export interface ClaimRow extends Placed {
  settler: string;
  usdValue: bigint;
  acbAmount: bigint;
}

/** A fill of a sale order: who bought how much MV from whom, for how much USDT. */
export interface FillRow extends Placed {
  orderIndex: bigint;
  seller: string;
  buyer: string;
  mvAmount: bigint;
  usdtAmount: bigint;
}

/** A sale order of the account, with its fills. */
export interface OrderRow extends Placed {
  index: bigint;
  amount: bigint;
  sold: bigint;
  received: bigint;
  /** How many fills it has had; `fills` has the newest few. */
  fillCount: number;
  /** MV taken back out, when and in which transaction; null while not withdrawn. */
  withdrawn: bigint | null;
  withdrawnTime: number | null;
  withdrawTxHash: string | null;
  fills: FillRow[];
}

/** When a member joined. */
export interface MemberRow extends Placed {
  address: string;
  referrer: string;
}

/** A pool round's winner and prize (USDT). */
export interface PoolWinRow extends Placed {
  round: bigint;
  winner: string;
  amount: bigint;
}

/**
 * A row as sent, before it is read: its columns named by the indexer's own row types
 * (indexer/src/api/rows.ts, made from its tables; a type-only import, so none of the indexer's
 * code reaches the app), each still unknown until checked. A column renamed or dropped there fails
 * the type check here. Integers are decimal strings.
 */
type RawRow<Row> = { readonly [Column in keyof Row]?: unknown };

/** Any row as sent, before it is known which. */
type Raw = Record<string, unknown>;

const text = <Row>(row: RawRow<Row>, name: keyof Row & string): string => {
  const value = row[name];
  if (typeof value !== "string") throw new Error(`history: '${name}' is missing`);
  return value;
};
const integer = <Row>(row: RawRow<Row>, name: keyof Row & string): bigint => {
  const value = text(row, name);
  if (!/^\d+$/.test(value)) throw new Error(`history: '${name}' is not a whole number`);
  return BigInt(value);
};
/** A 0x address from the indexer (which keeps lower case), checksummed as the rest of the app shows
 *  them; undefined for anything else. Read from lower case, so a wrong checksum cannot throw. */
export function checksummed(value: unknown): string | undefined {
  return typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value) ? getAddress(value.toLowerCase()) : undefined;
}
const address = <Row>(row: RawRow<Row>, name: keyof Row & string): string => {
  const value = checksummed(text(row, name));
  if (value === undefined) throw new Error(`history: '${name}' is not an address`);
  return value;
};
const placed = (row: RawRow<Pick<EventJson, "position" | "time" | "txHash">>): Placed => ({ position: text(row, "position"), time: Number(integer(row, "time")), txHash: text(row, "txHash") });

export const readActivity = (row: RawRow<ActivityJson>): ActivityRow => ({
  ...placed(row),
  contract: text(row, "contract"),
  name: text(row, "name"),
  sender: address(row, "sender"),
  args: typeof row.args === "object" && row.args !== null ? (row.args as Record<string, unknown>) : {},
});

export const readClaim = (row: RawRow<ClaimJson>): ClaimRow => ({ ...placed(row), settler: address(row, "settler"), usdValue: integer(row, "usdValue"), acbAmount: integer(row, "acbAmount") });

export const readFill = (row: RawRow<FillJson>): FillRow => ({
  ...placed(row),
  orderIndex: integer(row, "orderIndex"),
  seller: address(row, "seller"),
  buyer: address(row, "buyer"),
  mvAmount: integer(row, "mvAmount"),
  usdtAmount: integer(row, "usdtAmount"),
});

export const readOrder = (row: RawRow<OrderJson>): OrderRow => ({
  ...placed(row),
  index: integer(row, "index"),
  amount: integer(row, "amount"),
  sold: integer(row, "sold"),
  received: integer(row, "received"),
  fillCount: typeof row.fillCount === "number" && Number.isSafeInteger(row.fillCount) ? row.fillCount : 0,
  withdrawn: row.withdrawn === null ? null : integer(row, "withdrawn"),
  withdrawnTime: row.withdrawnTime === null || row.withdrawnTime === undefined ? null : Number(integer(row, "withdrawnTime")),
  withdrawTxHash: typeof row.withdrawTxHash === "string" ? row.withdrawTxHash : null,
  // Nested fills leave out what their order says (OrderFillJson): its index and seller.
  fills: Array.isArray(row.fills) ? (row.fills as RawRow<OrderFillJson>[]).map((fill) => readFill({ ...fill, orderIndex: row.index, seller: row.seller })) : [],
});

export const readMember = (row: RawRow<MemberJson>): MemberRow => ({ ...placed(row), address: address(row, "address"), referrer: address(row, "referrer") });

export const readPoolWin = (row: RawRow<PoolWinJson>): PoolWinRow => ({ ...placed(row), round: integer(row, "round"), winner: address(row, "winner"), amount: integer(row, "amount") });

/** A time bucket of a chart's series: its first second (unix time, UTC). */
export interface Bucket {
  start: number;
}

/** The market's fills of one hour or day: MV bought, USDT paid, how many fills. */
export interface MarketBucketRow extends Bucket {
  mvAmount: bigint;
  usdtAmount: bigint;
  fills: number;
}

/** An account's claims of one day: USD claimed, ACB paid, how many claims. */
export interface ClaimDayRow extends Bucket {
  usdValue: bigint;
  acbAmount: bigint;
  claims: number;
}

const count = <Row>(row: RawRow<Row>, name: keyof Row & string): number => {
  const value = row[name];
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) throw new Error(`history: '${name}' is not a count`);
  return value;
};

export const readMarketBucket = (row: RawRow<MarketBucketJson>): MarketBucketRow => ({
  start: Number(integer(row, "start")),
  mvAmount: integer(row, "mvAmount"),
  usdtAmount: integer(row, "usdtAmount"),
  fills: count(row, "fills"),
});

export const readClaimDay = (row: RawRow<ClaimDayJson>): ClaimDayRow => ({
  start: Number(integer(row, "start")),
  usdValue: integer(row, "usdValue"),
  acbAmount: integer(row, "acbAmount"),
  claims: count(row, "claims"),
});

/** The most rows one request may ask for: the indexer's largest page (MAX_LIMIT, indexer/src/api/page.ts).
 *  "Show more" asks for this many, so a long list (an order's 4,000 fills) takes 40 requests, not 200. */
export const MORE_ROWS = 100;

export interface PageOptions {
  signal?: AbortSignal;
  /** Rows asked for, in place of any `limit` the route names (the route's own, or 20, when absent). */
  limit?: number;
}

/** One page of `route` ('/accounts/0x…/claims'), its rows read by `read`; throws when the indexer cannot answer. */
export async function fetchHistoryPage<T>(route: string, read: (row: Raw) => T, cursor: string | null, options: PageOptions = {}): Promise<HistoryPage<T>> {
  const [path, search] = route.split("?", 2);
  const query = new URLSearchParams(search);
  if (cursor) query.set("cursor", cursor);
  if (options.limit !== undefined) query.set("limit", String(options.limit));
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const url = `${HISTORY_PATH}${path}${query.size > 0 ? `?${query}` : ""}`;
  const reply = await fetch(url, { signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout, headers: { accept: "application/json" } });
  if (!reply.ok) throw new Error(`history: ${reply.status}`);
  const body = (await reply.json()) as { items?: unknown; next?: unknown };
  if (!Array.isArray(body.items) || !(body.next === null || typeof body.next === "string")) throw new Error("history: not a page");
  return { items: (body.items as Raw[]).map(read), next: body.next };
}
