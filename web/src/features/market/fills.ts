/**
 * Whose orders a buy fills. Before the buy the contract's own plan says it (previewBuy); after
 * it, the receipt's Filled events. The buyer's own orders are filled like any other (the queue is
 * first-in first-out): the USDT for them goes straight back to the buyer, so what the buyer really
 * pays is what the other sellers get.
 */
import { Interface } from "ethers/abi";

import { pageContracts } from "@/lib/contracts/page-contracts";
import { sameAddress } from "@/lib/format/format";

/** One order's part of a buy. */
export interface Fill {
  index: bigint;
  seller: string;
  mvAmount: bigint;
  usdtAmount: bigint;
}

export interface Share {
  mv: bigint;
  usdt: bigint;
}

/** A buy's fills, split between the buyer's own orders and everyone else's. */
export interface FillSplit {
  own: Share;
  others: Share;
}

export function isOwn(fill: Fill, account: string): boolean {
  return sameAddress(fill.seller, account);
}

export function splitFills(fills: readonly Fill[], account: string): FillSplit {
  const split: FillSplit = { own: { mv: 0n, usdt: 0n }, others: { mv: 0n, usdt: 0n } };
  for (const fill of fills) {
    const share = isOwn(fill, account) ? split.own : split.others;
    share.mv += fill.mvAmount;
    share.usdt += fill.usdtAmount;
  }
  return split;
}

/** What a receipt's logs need to be decoded: the fields every JSON-RPC receipt has. */
export interface LogLike {
  address: string;
  topics: readonly string[];
  data: string;
}

/** The market's events the app decodes (Filled), parsed when the first receipt is read. Ethers'
 *  Interface comes with this page: the read layer does without it (lib/contracts/read-abi.ts). */
let marketEvents: Interface | undefined;

/** The market's Filled events among a receipt's logs, in the order they were emitted (oldest order first). */
export function fillsOfLogs(logs: readonly LogLike[] | undefined): Fill[] {
  const market = pageContracts.market;
  const fills: Fill[] = [];
  for (const log of logs ?? []) {
    if (!sameAddress(log.address, market.target)) continue;
    marketEvents ??= new Interface(market.abi.events);
    const event = marketEvents.parseLog({ topics: [...log.topics], data: log.data });
    if (event?.name !== "Filled") continue;
    const { index, seller, mvAmount, usdtAmount } = event.args as unknown as Fill;
    fills.push({ index, seller, mvAmount, usdtAmount });
  }
  return fills;
}
