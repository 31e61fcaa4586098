/**
 * The contracts the indexer follows and their ABIs, from contracts-abi/ (the product's interface:
 * never a copy) as the constants `npm run typechain` generates from it (src/abis.generated.ts), so
 * that Ponder types every event's arguments. Tokens are not indexed: their transfers are not the
 * product's history, and on mainnet USDT's alone would dwarf it. The AccessManager is: it owns the
 * product, and its operations (owner changes scheduled, executed, cancelled) are what users must
 * see coming (docs/decisions/governance.md).
 *
 * Adding a contract is one line here and one in ponder.config.ts; adding an event to a contract's
 * ABI needs nothing at all: every event of every contract listed is indexed (src/index.ts).
 */
import type { Abi, AbiEvent } from "viem";

import { AccessManagerAbi, CommunityAbi, MainAbi, MvMarketAbi, RevenueAbi, SwapAbi } from "./abis.generated";

export const INDEXED_CONTRACTS = [
  { name: "Main", abi: MainAbi },
  { name: "Revenue", abi: RevenueAbi },
  { name: "Community", abi: CommunityAbi },
  { name: "Swap", abi: SwapAbi },
  { name: "MvMarket", abi: MvMarketAbi },
  { name: "AccessManager", abi: AccessManagerAbi },
] as const;

export type IndexedContract = (typeof INDEXED_CONTRACTS)[number]["name"];

/** Every event of a contract's ABI. */
export function eventsOf(abi: Abi): AbiEvent[] {
  return abi.filter((item): item is AbiEvent => item.type === "event");
}
