/**
 * The indexer's tables (docs/decisions/indexer.md). Two kinds:
 *
 * - `event`, with `event_party`: every event of every indexed contract, as the ABI names it, with
 *   its arguments (amounts as decimal strings), block, time, transaction and sender; and for each
 *   event, every account it names. An event added to an ABI lands here with no change to the code:
 *   it is the activity page's source and the record of everything.
 * - Projections the pages read, one row per thing a user asks about: claims, sale orders and their
 *   fills, pool winners, members, the owner's operations. Each is written by the handlers in
 *   src/projections.ts.
 *
 * `position` orders rows the way the chain does (block, then log index, as one number), and is the
 * cursor of every list (src/api/page.ts): newest first, `position < cursor`, on an index.
 */
import { index, onchainTable } from "ponder";
import type { PgColumnsBuilders } from "ponder";

const placed = (t: PgColumnsBuilders) => ({
  /** block * 1,000,000 + log index: unique, and in chain order. */
  position: t.bigint().notNull(),
  blockNumber: t.bigint().notNull(),
  /** Block time, seconds since 1970. */
  time: t.bigint().notNull(),
  txHash: t.hex().notNull(),
});

export const event = onchainTable(
  "event",
  (t) => ({
    id: t.text().primaryKey(),
    contract: t.text().notNull(),
    name: t.text().notNull(),
    /** Who sent the transaction. */
    sender: t.hex().notNull(),
    /** The event's arguments by name; integers as decimal strings. */
    args: t.json().notNull(),
    logIndex: t.integer().notNull(),
    ...placed(t),
  }),
  (table) => ({
    position: index().on(table.position),
    kind: index().on(table.contract, table.name, table.position),
  }),
);

/** One row per (event, account it names or that sent it). */
export const eventParty = onchainTable(
  "event_party",
  (t) => ({
    id: t.text().primaryKey(),
    account: t.hex().notNull(),
    eventId: t.text().notNull(),
    position: t.bigint().notNull(),
  }),
  (table) => ({ account: index().on(table.account, table.position) }),
);

/** Revenue.Claimed: what a member claimed, in USD and ACB, paid to its settler. */
export const claim = onchainTable(
  "claim",
  (t) => ({
    id: t.text().primaryKey(),
    member: t.hex().notNull(),
    /** Who received the ACB (the member's settler; the member itself when it has none). */
    settler: t.hex().notNull(),
    usdValue: t.bigint().notNull(),
    acbAmount: t.bigint().notNull(),
    acbPrice: t.bigint().notNull(),
    ...placed(t),
  }),
  (table) => ({ member: index().on(table.member, table.position) }),
);

/** MvMarket.Listed, updated by its fills and a withdrawal. */
export const saleOrder = onchainTable(
  "sale_order",
  (t) => ({
    index: t.bigint().primaryKey(),
    seller: t.hex().notNull(),
    amount: t.bigint().notNull(),
    sold: t.bigint().notNull(),
    received: t.bigint().notNull(),
    /** How many fills it has had (the orders route sends the newest few, /orders/:index/fills them all). */
    fillCount: t.integer().notNull(),
    /** MV returned by a withdrawal; null while not withdrawn. */
    withdrawn: t.bigint(),
    /** The withdrawal's block time and transaction; null while not withdrawn. */
    withdrawnTime: t.bigint(),
    withdrawTxHash: t.hex(),
    ...placed(t),
  }),
  (table) => ({ seller: index().on(table.seller, table.position) }),
);

/** MvMarket.Filled: who bought how much of which order, from whom, for how much USDT. */
export const fill = onchainTable(
  "fill",
  (t) => ({
    id: t.text().primaryKey(),
    orderIndex: t.bigint().notNull(),
    seller: t.hex().notNull(),
    buyer: t.hex().notNull(),
    mvAmount: t.bigint().notNull(),
    usdtAmount: t.bigint().notNull(),
    ...placed(t),
  }),
  (table) => ({
    position: index().on(table.position),
    order: index().on(table.orderIndex, table.position),
  }),
);

/** Main.LuckyPoolSettled and Main.MaxPoolSettled: a round's winner and prize. */
export const poolWin = onchainTable(
  "pool_win",
  (t) => ({
    id: t.text().primaryKey(),
    pool: t.text({ enum: ["lucky", "max"] }).notNull(),
    round: t.bigint().notNull(),
    winner: t.hex().notNull(),
    amount: t.bigint().notNull(),
    /** The winning hashrate (the max pool only). */
    hashrate: t.bigint(),
    ...placed(t),
  }),
  (table) => ({ pool: index().on(table.pool, table.position) }),
);

/**
 * The market's fills summed over an hour and over a day (UTC), for its chart (docs/decisions/
 * charts.md): what was bought (MV), paid (USDT) and in how many fills; the price of the bucket is
 * the one the volume paid, USDT over MV. `start` is the bucket's first second (unix time), and the
 * cursor of its list: a chart reads a week of hours, or every day, in pages of rows on the key,
 * never the fills themselves.
 */
const marketBucket = (t: PgColumnsBuilders) => ({
  start: t.bigint().primaryKey(),
  mvAmount: t.bigint().notNull(),
  usdtAmount: t.bigint().notNull(),
  fills: t.integer().notNull(),
});
export const marketHour = onchainTable("market_hour", marketBucket);
export const marketDay = onchainTable("market_day", marketBucket);

/** A member's claims summed per day (UTC), for My Earnings' chart: USD, ACB and how many. */
export const claimDay = onchainTable(
  "claim_day",
  (t) => ({
    /** `<member>:<start>`. */
    id: t.text().primaryKey(),
    member: t.hex().notNull(),
    /** The day's first second (unix time): its list's cursor. */
    start: t.bigint().notNull(),
    usdValue: t.bigint().notNull(),
    acbAmount: t.bigint().notNull(),
    claims: t.integer().notNull(),
  }),
  (table) => ({ member: index().on(table.member, table.start) }),
);

/** Community.Registered: who joined under whom, and when. */
export const member = onchainTable(
  "member",
  (t) => ({
    address: t.hex().primaryKey(),
    referrer: t.hex().notNull(),
    ...placed(t),
  }),
  (table) => ({ referrer: index().on(table.referrer, table.position) }),
);

/**
 * AccessManager.OperationScheduled, closed by OperationExecuted or OperationCanceled: one owner
 * change through the manager (docs/decisions/governance.md), its call decoded with the target's
 * ABI from contracts-abi/. `placed` is where it was scheduled. Expired is not a status: it is
 * `scheduled` past `schedule` plus the manager's expiration, computed when asked
 * (src/api/governance.ts).
 */
export const governanceOperation = onchainTable(
  "governance_operation",
  (t) => ({
    /** `<operationId>:<nonce>`: the manager reuses an operation id when the same call is scheduled again. */
    id: t.text().primaryKey(),
    /** The manager's operation id (a hash of caller, target and data); `operation_id` is a name Ponder keeps for itself. */
    managerOperationId: t.hex().notNull(),
    nonce: t.integer().notNull(),
    /** Who scheduled it (the admin, or whoever the role is granted to). */
    caller: t.hex().notNull(),
    target: t.hex().notNull(),
    /** The target's name in the address book (Main, Revenue, Community, Swap, MvMarket, AccessManager); null for another address. */
    contract: t.text(),
    data: t.hex().notNull(),
    /** The function the call runs, and its arguments by name (integers as decimal strings); null when the target's ABI does not decode it. */
    functionName: t.text(),
    args: t.json(),
    /** Unix time from which it may be executed. */
    schedule: t.bigint().notNull(),
    status: t.text({ enum: ["scheduled", "executed", "cancelled"] }).notNull(),
    /** When, in which block and transaction it was executed or cancelled; null while scheduled. */
    closedTime: t.bigint(),
    closedBlockNumber: t.bigint(),
    closedTxHash: t.hex(),
    ...placed(t),
  }),
  (table) => ({
    position: index().on(table.position),
    status: index().on(table.status, table.position),
  }),
);
