/**
 * The ABIs of contracts-abi/ as the browser's read layer gets them (lib/contracts/contracts.ts):
 * the view functions it reads and the errors it decodes. Events (the app never decodes logs),
 * state-changing functions (transactions go through the TypeChain factories, loaded with the
 * signing code, which keep their full ABIs) and solc's `internalType` (ethers never reads it) are
 * dropped: about half of the ABIs' bytes in the first download.
 */
import path from "node:path";

import type { Plugin } from "vite";

const ABI_FILE = /[\\/]contracts-abi[\\/][^\\/]+\.json$/;

interface Fragment {
  type: string;
  stateMutability?: string;
}

/** Multicall3's aggregate3 is payable by design, yet every batch of reads calls it. */
const KEEP_ALL_FUNCTIONS = new Set(["Multicall3.json"]);

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== "internalType").map(([key, inner]) => [key, strip(inner)]));
  }
  return value;
}

export function compactAbi(abi: Fragment[], file: string): unknown {
  const keepAll = KEEP_ALL_FUNCTIONS.has(path.basename(file));
  const kept = abi.filter(
    (fragment) =>
      fragment.type === "error" ||
      (fragment.type === "function" && (keepAll || fragment.stateMutability === "view" || fragment.stateMutability === "pure")),
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
