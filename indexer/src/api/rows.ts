/**
 * The JSON rows the history routes send, as types made from the tables (ponder.schema.ts): every
 * integer a decimal string (./page.ts), the rest as stored. The web app reads the routes through
 * these (web/src/lib/history, a type-only import: no code of the indexer reaches the app), so that
 * a column renamed or retyped here fails the app's type check, not its users.
 *
 * Types only: nothing here runs, and it imports the schema's file as types (not `ponder:schema`,
 * which only Ponder resolves).
 */
import type { claim, claimDay, event, fill, marketHour, member, poolWin, saleOrder } from "../../ponder.schema";

/** A row as JSON: bigints become decimal strings, nullable ones strings or null. */
export type Json<Row> = { [Column in keyof Row]: Row[Column] extends bigint ? string : Row[Column] extends bigint | null ? string | null : Row[Column] };

/** GET /history/events: every event of the product's contracts. */
export type EventJson = Json<typeof event.$inferSelect>;

/** GET /history/accounts/:account/activity: the events the account sent or is named in. */
export type ActivityJson = Pick<EventJson, "position" | "contract" | "name" | "sender" | "args" | "blockNumber" | "time" | "txHash">;

/** GET /history/accounts/:account/claims. */
export type ClaimJson = Json<typeof claim.$inferSelect>;

/** GET /history/orders/:index/fills and /history/market/fills. */
export type FillJson = Json<typeof fill.$inferSelect>;

/** A fill as the orders route nests it under its order: without what the order already says (its
 *  index and seller) or what no view shows (its id and block), a third less to send. */
export type OrderFillJson = Pick<FillJson, "buyer" | "mvAmount" | "usdtAmount" | "position" | "time" | "txHash">;

/** GET /history/accounts/:account/orders: each order with its newest fills (FILLS_PER_ORDER in ./index.ts). */
export type OrderJson = Json<typeof saleOrder.$inferSelect> & { fills: OrderFillJson[] };

/** GET /history/accounts/:account/team and /history/members. */
export type MemberJson = Json<typeof member.$inferSelect>;

/** GET /history/pools/:pool/winners. */
export type PoolWinJson = Json<typeof poolWin.$inferSelect>;

/** GET /history/market/hours and /history/market/days: the market's fills summed per bucket. */
export type MarketBucketJson = Json<typeof marketHour.$inferSelect>;

/** GET /history/accounts/:account/claims/days: the account's claims summed per day. */
export type ClaimDayJson = Omit<Json<typeof claimDay.$inferSelect>, "id" | "member">;
