/**
 * The ABIs of contracts-abi/ as the browser's read layer gets them (lib/contracts/read-abi.ts),
 * as `virtual:read-abi/<contract>`: the views the app reads (lib/contracts/read-views.ts) by name,
 * with their parameters in ethers' human-readable form, and the few events it decodes from a
 * receipt (KEPT_EVENTS). The browser encodes and decodes a read with ethers' AbiCoder alone: its
 * Interface, with its fragment classes and their parsers, stays out of the first download.
 * Other views, state-changing functions (a transaction is encoded by lib/transactions/
 * wallet-send.ts, loaded with the first one, from the TypeChain factories, which keep their full
 * ABIs), errors (served apart as `virtual:product-errors`, which the error messages load with the
 * first failure) and solc's `internalType` (ethers never reads it) are dropped.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { Interface, type InterfaceAbi } from "ethers";
import type { Plugin } from "vite";

import type { ReadAbi } from "../src/lib/contracts/read-abi";
import { READ_VIEWS, type ReadAbiName } from "../src/lib/contracts/read-views";

interface Fragment {
  type: string;
  name?: string;
  stateMutability?: string;
}

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

/** The functions of `file` that the app reads (READ_VIEWS), and the events it decodes. */
export function compactAbi(abi: Fragment[], file: string): unknown {
  const name = path.basename(file, ".json");
  const views = new Set<string>(Object.hasOwn(READ_VIEWS, name) ? READ_VIEWS[name as ReadAbiName] : []);
  const events = KEPT_EVENTS[path.basename(file)];
  const kept = abi.filter(
    (fragment) => (fragment.type === "function" && views.has(fragment.name ?? "")) || (fragment.type === "event" && events?.has(fragment.name ?? "") === true),
  );
  return strip(kept);
}

/** A compacted ABI (compactAbi) as the read layer gets it: each function's parameters
 *  ("address account", "(uint256 amount, uint256 endsAt) pool": names are kept, reads use outputs by
 *  name), and its events in human-readable form. A contract whose views share a name would need
 *  its reads told apart by signature: refused, as none does. */
export function readAbi(abi: unknown, file: string): ReadAbi {
  const parsed = new Interface(abi as InterfaceAbi);
  const functions: Record<string, ReadAbi["functions"][string]> = {};
  const events: string[] = [];
  for (const fragment of parsed.fragments) {
    if (fragment.type === "event") events.push(fragment.format("full"));
    if (fragment.type !== "function") continue;
    const view = parsed.getFunction(fragment.format("sighash"))!;
    if (Object.hasOwn(functions, view.name)) throw new Error(`${file}: two views are named ${view.name}; the read layer reads by name`);
    functions[view.name] = [view.inputs.map((input) => input.format("full")), view.outputs.map((output) => output.format("full"))];
  }
  return { functions, events };
}

const ERRORS_ID = "virtual:product-errors";
const RESOLVED_ERRORS_ID = `\0${ERRORS_ID}`;
const READ_ABI_PREFIX = "virtual:read-abi/";

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

/** `abiDir`: contracts-abi/, where `virtual:read-abi/<contract>` is read from and
 *  `virtual:product-errors` gathers the errors from. */
export function compactAbiPlugin(abiDir: string): Plugin {
  return {
    name: "compact-abi",
    resolveId(id) {
      return id === ERRORS_ID || id.startsWith(READ_ABI_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === RESOLVED_ERRORS_ID) {
        for (const file of readdirSync(abiDir).filter((name) => name.endsWith(".json"))) this.addWatchFile(path.join(abiDir, file));
        return `export default ${JSON.stringify(productErrors(abiDir))};`;
      }
      if (!id.startsWith(`\0${READ_ABI_PREFIX}`)) return undefined;
      const file = `${id.slice(READ_ABI_PREFIX.length + 1)}.json`;
      const source = path.join(abiDir, file);
      this.addWatchFile(source);
      return `export default ${JSON.stringify(readAbi(compactAbi(JSON.parse(readFileSync(source, "utf8")) as Fragment[], file), file))};`;
    },
  };
}
