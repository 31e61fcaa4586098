/**
 * The contracts the indexer follows and their ABIs, read from contracts-abi/ (the product's
 * interface: never a copy). Tokens are not indexed: their transfers are not the product's history,
 * and on mainnet USDT's alone would dwarf it. The AccessManager is: it owns the product, and its
 * operations (owner changes scheduled, executed, cancelled) are what users must see coming
 * (docs/decisions/governance.md).
 *
 * Adding a contract is one line here; adding an event to a contract's ABI needs nothing at all:
 * every event of every contract listed is indexed (src/index.ts).
 */
import type { Abi, AbiEvent } from "viem";

import accessManager from "../../contracts-abi/AccessManager.json";
import community from "../../contracts-abi/Community.json";
import main from "../../contracts-abi/Main.json";
import market from "../../contracts-abi/MvMarket.json";
import revenue from "../../contracts-abi/Revenue.json";
import swap from "../../contracts-abi/Swap.json";

export const INDEXED_CONTRACTS = [
  { name: "Main", abi: main as Abi },
  { name: "Revenue", abi: revenue as Abi },
  { name: "Community", abi: community as Abi },
  { name: "Swap", abi: swap as Abi },
  { name: "MvMarket", abi: market as Abi },
  { name: "AccessManager", abi: accessManager as Abi },
] as const;

export type IndexedContract = (typeof INDEXED_CONTRACTS)[number]["name"];

/** Every event of a contract's ABI. */
export function eventsOf(abi: Abi): AbiEvent[] {
  return abi.filter((item): item is AbiEvent => item.type === "event");
}
