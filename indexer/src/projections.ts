/**
 * The rows the pages read, one writer per event (ponder.schema.ts). An event with no projection
 * here is still indexed, in `event` (src/index.ts); a new page's data is one more entry.
 */
import { claim, fill, member, poolWin, saleOrder } from "ponder:schema";

import { argsOf } from "./args";
import { GOVERNANCE_PROJECTIONS } from "./governance";
import { placement } from "./position";
import type { Db, Deployed, IndexedEvent } from "./registry";

/** `contracts`: where each indexed contract is (the governance projection names an operation's target by it). */
export type Projection = (event: IndexedEvent, db: Db, contracts: Deployed) => Promise<void>;

const args = (event: IndexedEvent, name: string) => argsOf(event, name);

export const PROJECTIONS: Record<string, Projection> = {
  "Revenue:Claimed": async (event, db) => {
    const a = args(event, "Revenue:Claimed");
    await db.insert(claim).values({
      id: event.id,
      member: a.address("member"),
      settler: a.address("settler"),
      usdValue: a.uint("usdValue"),
      acbAmount: a.uint("acbAmount"),
      acbPrice: a.uint("acbPrice"),
      ...placement(event),
    });
  },

  "MvMarket:Listed": async (event, db) => {
    const a = args(event, "MvMarket:Listed");
    await db.insert(saleOrder).values({ index: a.uint("index"), seller: a.address("seller"), amount: a.uint("amount"), sold: 0n, received: 0n, fillCount: 0, ...placement(event) });
  },

  "MvMarket:Filled": async (event, db) => {
    const a = args(event, "MvMarket:Filled");
    const row = { orderIndex: a.uint("index"), seller: a.address("seller"), buyer: a.address("buyer"), mvAmount: a.uint("mvAmount"), usdtAmount: a.uint("usdtAmount") };
    await db.insert(fill).values({ id: event.id, ...row, ...placement(event) });
    await db.update(saleOrder, { index: row.orderIndex }).set((order) => ({ sold: order.sold + row.mvAmount, received: order.received + row.usdtAmount, fillCount: order.fillCount + 1 }));
  },

  "MvMarket:Withdrawn": async (event, db) => {
    const a = args(event, "MvMarket:Withdrawn");
    await db.update(saleOrder, { index: a.uint("index") }).set({ withdrawn: a.uint("amount"), withdrawnTime: event.block.timestamp, withdrawTxHash: event.transaction.hash });
  },

  "Main:LuckyPoolSettled": async (event, db) => {
    const a = args(event, "Main:LuckyPoolSettled");
    await db.insert(poolWin).values({ id: event.id, pool: "lucky", round: a.uint("round"), winner: a.address("winner"), amount: a.uint("amount"), ...placement(event) });
  },

  "Main:MaxPoolSettled": async (event, db) => {
    const a = args(event, "Main:MaxPoolSettled");
    await db.insert(poolWin).values({ id: event.id, pool: "max", round: a.uint("round"), winner: a.address("winner"), amount: a.uint("amount"), hashrate: a.uint("hashrate"), ...placement(event) });
  },

  "Community:Registered": async (event, db) => {
    const a = args(event, "Community:Registered");
    await db.insert(member).values({ address: a.address("member"), referrer: a.address("referrer"), ...placement(event) });
  },

  ...GOVERNANCE_PROJECTIONS,
};
