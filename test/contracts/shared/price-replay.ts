/**
 * The price table rebuilt from Main's events alone, by the rule of docs/product/contracts.md §4: a
 * PriceSet puts its price in force and drops what was announced; a PriceChangeScheduled announces
 * a price for its `effectiveAt`, which comes into force then with no event of its own unless
 * another PriceSet or PriceChangeScheduled of the token comes first. This is what an indexer does.
 */
import type { Main } from "../../../typechain-types";

interface TokenPrice {
  price: bigint;
  pending?: { price: bigint; effectiveAt: bigint };
}

interface PriceEvent {
  token: string;
  time: bigint;
  block: number;
  index: number;
  set?: bigint;
  scheduled?: { price: bigint; effectiveAt: bigint };
}

/** An announced price whose time has come, in force by `time`. */
function settle(state: TokenPrice, time: bigint): void {
  if (state.pending && time >= state.pending.effectiveAt) {
    state.price = state.pending.price;
    state.pending = undefined;
  }
}

/** Every token's price in force at `at` (a timestamp at or after the last event), from events. */
export async function replayPrices(main: Main, at: bigint): Promise<Map<string, bigint>> {
  const times = new Map<number, bigint>();
  const timeOf = async (block: number): Promise<bigint> => {
    if (!times.has(block)) times.set(block, BigInt((await main.runner!.provider!.getBlock(block))!.timestamp));
    return times.get(block)!;
  };
  const events: PriceEvent[] = [];
  for (const log of await main.queryFilter(main.filters.PriceSet())) {
    events.push({ token: log.args.token, time: await timeOf(log.blockNumber), block: log.blockNumber, index: log.index, set: log.args.price });
  }
  for (const log of await main.queryFilter(main.filters.PriceChangeScheduled())) {
    events.push({
      token: log.args.token,
      time: await timeOf(log.blockNumber),
      block: log.blockNumber,
      index: log.index,
      scheduled: { price: log.args.newPrice, effectiveAt: log.args.effectiveAt },
    });
  }
  events.sort((a, b) => a.block - b.block || a.index - b.index);

  const table = new Map<string, TokenPrice>();
  for (const event of events) {
    const state = table.get(event.token) ?? { price: 0n };
    settle(state, event.time);
    if (event.set !== undefined) {
      state.price = event.set;
      state.pending = undefined;
    } else {
      state.pending = event.scheduled;
    }
    table.set(event.token, state);
  }
  const prices = new Map<string, bigint>();
  for (const [token, state] of table) {
    settle(state, at);
    prices.set(token, state.price);
  }
  return prices;
}
