import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { Interface, type InterfaceAbi } from "ethers";

import { compactAbi, humanReadable, productErrors } from "./compact-abi";

const ABI_DIR = path.resolve(import.meta.dirname, "../../contracts-abi");
const abis = readdirSync(ABI_DIR)
  .filter((file) => file.endsWith(".json"))
  .map((file) => ({ file, abi: JSON.parse(readFileSync(path.join(ABI_DIR, file), "utf8")) as { type: string; name?: string; inputs?: { type: string }[] }[] }));
const signature = (fragment: { name?: string; inputs?: { type: string }[] }) => `${fragment.name}(${(fragment.inputs ?? []).map((input) => input.type).join(",")})`;

describe("the ABIs the browser gets", () => {
  it("serves every custom error of contracts-abi/ once, apart from the read ABIs", () => {
    const expected = new Set(abis.flatMap(({ abi }) => abi.filter((fragment) => fragment.type === "error").map(signature)));
    const served = (productErrors(ABI_DIR) as { name: string; inputs: { type: string }[] }[]).map(signature);
    expect(new Set(served)).toEqual(expected);
    expect(served).toHaveLength(expected.size);
    expect(JSON.stringify(productErrors(ABI_DIR))).not.toContain("internalType");
  });

  it("keeps views (and the events the app decodes) in the read ABIs, and no error", () => {
    for (const { file, abi } of abis) {
      const compact = compactAbi(abi, file) as { type: string; stateMutability?: string }[];
      expect(compact.some((fragment) => fragment.type === "error"), file).toBe(false);
      expect(compact.every((fragment) => fragment.type !== "function" || ["view", "pure"].includes(fragment.stateMutability!) || file === "Multicall3.json"), file).toBe(true);
    }
  });

  it("serves them in human-readable form that ethers reads back to the same fragments, names and indexed parameters included", () => {
    for (const { file, abi } of abis) {
      const compact = compactAbi(abi, file) as InterfaceAbi;
      const served = humanReadable(compact);
      expect(served.every((line) => typeof line === "string"), file).toBe(true);
      const full = (fragments: InterfaceAbi) => new Interface(fragments).fragments.map((fragment) => fragment.format("full"));
      expect(full(served), file).toEqual(full(compact));
    }
  });
});
