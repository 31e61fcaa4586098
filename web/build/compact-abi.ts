/**
 * The ABIs of contracts-abi/ as the browser's read layer gets them (lib/contracts/contracts.ts):
 * the view functions it reads and the few events it decodes from a receipt (KEPT_EVENTS). Other
 * events, state-changing functions (a transaction is encoded by lib/transactions/wallet-send.ts,
 * loaded with the first one, from the TypeChain factories, which keep their full ABIs), errors
 * (served apart as `virtual:product-errors`, which the error messages load with the first failure)
 * and solc's `internalType` (ethers never reads it) are dropped: about two thirds of the ABIs'
 * bytes in the first download.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { Interface, type InterfaceAbi } from "ethers";
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
      (fragment.type === "function" && (only ? only.has(fragment.name ?? "") : isRead(fragment))) ||
      (fragment.type === "event" && events?.has(fragment.name ?? "") === true),
  );
  return strip(kept);
}

/** The same fragments in ethers' human-readable form ("function priceOf(address token) view returns
 *  (uint256)"), which ethers reads as it reads JSON: a quarter fewer gzip bytes of the first download
 *  than the JSON, since the ABIs of home's reads are in it. Names are kept: reads use outputs by name. */
export function humanReadable(abi: unknown): string[] {
  return new Interface(abi as InterfaceAbi).fragments.map((fragment) => fragment.format("full"));
}

const ERRORS_ID = "virtual:product-errors";
const RESOLVED_ERRORS_ID = `\0${ERRORS_ID}`;

/** Every custom error of the ABIs in `dir`, once each (contracts share some), without `internalType`. */
export function productErrors(dir: string): unknown[] {
  const bySignature = new Map<string, unknown>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json")).sort()) {
    for (const fragment of JSON.parse(readFileSync(path.join(dir, file), "utf8")) as (Fragment & { inputs?: { type: string }[] })[]) {
      if (fragment.type !== "error") continue;
      const signature = `${fragment.name}(${(fragment.inputs ?? []).map((input) => input.type).join(",")})`;
      if (!bySignature.has(signature)) bySignature.set(signature, strip(fragment));
    }
  }
  return [...bySignature.values()];
}

/** `abiDir`: contracts-abi/, where `virtual:product-errors` gathers the errors from. */
export function compactAbiPlugin(abiDir: string): Plugin {
  return {
    name: "compact-abi",
    resolveId(id) {
      return id === ERRORS_ID ? RESOLVED_ERRORS_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ERRORS_ID) return undefined;
      for (const file of readdirSync(abiDir).filter((name) => name.endsWith(".json"))) this.addWatchFile(path.join(abiDir, file));
      return `export default ${JSON.stringify(productErrors(abiDir))};`;
    },
    // Before Vite's JSON plugin, which then turns the smaller JSON into a module as usual.
    enforce: "pre",
    transform(code, id) {
      if (!ABI_FILE.test(id)) return undefined;
      return { code: JSON.stringify(humanReadable(compactAbi(JSON.parse(code) as Fragment[], id))), map: null };
    },
  };
}
