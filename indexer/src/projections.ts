/**
 * The rows the pages read, one handler per event that has a shape of its own (ponder.schema.ts):
 * each records the event (src/record.ts) and then writes its projection. The arguments are typed
 * from the ABIs (src/abis.generated.ts); addresses are kept in lower case, as every route matches
 * them. An event without a handler here is still recorded, in `event` (src/index.ts); a new page's
 * data is one more handler.
 */
import { claim, claimDay, fill, marketDay, marketHour, member, poolWin, saleOrder } from "ponder:schema";

import { lower } from "./args";
import { registerGovernanceProjections } from "./governance";
import { DAY, HOUR, bucketStart } from "./buckets";
import { placement } from "./position";
import { record } from "./record";
import { on } from "./registry";

on("Revenue:Claimed", async ({ event, context }) => {
  await record("Revenue:Claimed", event, context.db);
  const { member, settler, usdValue, acbAmount, acbPrice } = event.args;
  await context.db.insert(claim).values({ id: event.id, member: lower(member), settler: lower(settler), usdValue, acbAmount, acbPrice, ...placement(event) });
  const start = bucketStart(event.block.timestamp, DAY);
  await context.db
    .insert(claimDay)
    .values({ id: `${lower(member)}:${start}`, member: lower(member), start, usdValue, acbAmount, claims: 1 })
    .onConflictDoUpdate((day) => ({ usdValue: day.usdValue + usdValue, acbAmount: day.acbAmount + acbAmount, claims: day.claims + 1 }));
});

on("MvMarket:Listed", async ({ event, context }) => {
  await record("MvMarket:Listed", event, context.db);
  const { index, seller, amount } = event.args;
  await context.db.insert(saleOrder).values({ index, seller: lower(seller), amount, sold: 0n, received: 0n, fillCount: 0, ...placement(event) });
});

on("MvMarket:Filled", async ({ event, context }) => {
  await record("MvMarket:Filled", event, context.db);
  const { index, seller, buyer, mvAmount, usdtAmount } = event.args;
  await context.db.insert(fill).values({ id: event.id, orderIndex: index, seller: lower(seller), buyer: lower(buyer), mvAmount, usdtAmount, ...placement(event) });
  for (const [bucket, length] of [[marketHour, HOUR], [marketDay, DAY]] as const) {
    await context.db
      .insert(bucket)
      .values({ start: bucketStart(event.block.timestamp, length), mvAmount, usdtAmount, fills: 1 })
      .onConflictDoUpdate((sum) => ({ mvAmount: sum.mvAmount + mvAmount, usdtAmount: sum.usdtAmount + usdtAmount, fills: sum.fills + 1 }));
  }
  // An order listed before the indexer's first block (INDEXER_START_BLOCK set past the deployment's
  // start) has no row to add to: the fill is kept, in `fill` and `event`, and the order is not made up.
  if (!(await context.db.find(saleOrder, { index }))) return;
  await context.db.update(saleOrder, { index }).set((order) => ({ sold: order.sold + mvAmount, received: order.received + usdtAmount, fillCount: order.fillCount + 1 }));
});

on("MvMarket:Withdrawn", async ({ event, context }) => {
  await record("MvMarket:Withdrawn", event, context.db);
  const { index, amount } = event.args;
  // As for a fill: an order listed before the first block indexed has no row; the event is kept in `event`.
  if (!(await context.db.find(saleOrder, { index }))) return;
  await context.db.update(saleOrder, { index }).set({ withdrawn: amount, withdrawnTime: event.block.timestamp, withdrawTxHash: event.transaction.hash });
});

on("Main:LuckyPoolSettled", async ({ event, context }) => {
  await record("Main:LuckyPoolSettled", event, context.db);
  const { round, winner, amount } = event.args;
  await context.db.insert(poolWin).values({ id: event.id, pool: "lucky", round, winner: lower(winner), amount, ...placement(event) });
});

on("Main:MaxPoolSettled", async ({ event, context }) => {
  await record("Main:MaxPoolSettled", event, context.db);
  const { round, winner, amount, hashrate } = event.args;
  await context.db.insert(poolWin).values({ id: event.id, pool: "max", round, winner: lower(winner), amount, hashrate, ...placement(event) });
});

on("Community:Registered", async ({ event, context }) => {
  await record("Community:Registered", event, context.db);
  const { member: joined, referrer } = event.args;
  await context.db.insert(member).values({ address: lower(joined), referrer: lower(referrer), ...placement(event) });
});

registerGovernanceProjections();
