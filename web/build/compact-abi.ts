/**
 * The ABIs of contracts-abi/ as the browser's read layer gets them (lib/contracts/contracts.ts):
 * the view functions it reads, the errors it decodes and the few events it decodes from a receipt
 * (KEPT_EVENTS). Other events, state-changing functions (a transaction is encoded by
 * lib/transactions/wallet-send.ts, loaded with the first one, from the TypeChain factories, which
 * keep their full ABIs) and solc's `internalType` (ethers never reads it) are dropped: about half
 * of the ABIs' bytes in the first download.
 */
import path from "node:path";

import type { Plugin } from "vite";

const ABI_FILE = /[\\/]contracts-abi[\\/][^\\/]+\.json$/;

interface Fragment {
  type: string;
  name?: string;
  stateMutability?: string;
}

/** Multicall3: only what a batch of reads calls (aggregate3, payable by design, and the block's
 *  number and time); its other ways of aggregating would be dead weight in the first download. */
const ONLY_FUNCTIONS: Record<string, ReadonlySet<string>> = {
  "Multicall3.json": new Set(["aggregate3", "getBlockNumber", "getCurrentBlockTimestamp"]),
};

/** MvMarket's Filled: the buy form says from the receipt what a buy bought from whom (57 bytes gzip). */
const KEPT_EVENTS: Record<string, ReadonlySet<string>> = {
  "MvMarket.json": new Set(["Filled"]),
};

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "internalType").map(([key, inner]) => [key, strip(inner)]));
  }
  return value;
}

export function compactAbi(abi: Fragment[], file: string): unknown {
  const only = ONLY_FUNCTIONS[path.basename(file)];
  const events = KEPT_EVENTS[path.basename(file)];
  const isRead = (fragment: Fragment) => fragment.stateMutability === "view" || fragment.stateMutability === "pure";
  const kept = abi.filter(
    (fragment) =>
      fragment.type === "error" ||
      (fragment.type === "function" && (only ? only.has(fragment.name ?? "") : isRead(fragment))) ||
      (fragment.type === "event" && events?.has(fragment.name ?? "") === true),
  );
  return strip(kept);
}

export function compactAbiPlugin(): Plugin {
  return {
    name: "compact-abi",
    // Before Vite's JSON plugin, which then turns the smaller JSON into a module as usual.
    enforce: "pre",
    transform(code, id) {
      if (!ABI_FILE.test(id)) return undefined;
      return { code: JSON.stringify(compactAbi(JSON.parse(code) as Fragment[], id)), map: null };
    },
  };
}
