import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { Interface, ParamType, type FunctionFragment, type InterfaceAbi } from "ethers/abi";

import { READ_VIEWS, type ReadAbiName } from "../src/lib/contracts/read-views";

import { compactAbi, productErrors, readAbi } from "./compact-abi";

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

  it("keeps the views the app reads (and the events it decodes) in the read ABIs, and no error", () => {
    for (const { file, abi } of abis) {
      const compact = compactAbi(abi, file) as { type: string; name: string; stateMutability?: string }[];
      expect(compact.some((fragment) => fragment.type === "error"), file).toBe(false);
      expect(compact.every((fragment) => fragment.type !== "function" || ["view", "pure"].includes(fragment.stateMutability!) || file === "Multicall3.json"), file).toBe(true);
      const listed = READ_VIEWS[path.basename(file, ".json") as ReadAbiName];
      expect(listed, `${file} has no entry in READ_VIEWS`).toBeDefined();
      // Each listed view exists under that name (a typo would be a read the browser cannot make).
      expect(compact.filter((fragment) => fragment.type === "function").map((fragment) => fragment.name).sort(), file).toEqual([...listed].sort());
    }
  });

  it("serves each view with its parameters, which ethers reads back to the same function, names included", () => {
    for (const { file, abi } of abis) {
      const compact = new Interface(compactAbi(abi, file) as InterfaceAbi);
      const served = readAbi(compactAbi(abi, file), file);
      const views = compact.fragments.filter((fragment) => fragment.type === "function") as FunctionFragment[];
      expect(Object.keys(served.functions).sort(), file).toEqual(views.map((view) => view.name).sort());
      for (const view of views) {
        const [inputs, outputs] = served.functions[view.name];
        const full = (types: readonly (string | ParamType)[]) => types.map((type) => ParamType.from(type).format("full"));
        expect(full(inputs), `${file} ${view.name}`).toEqual(full(view.inputs));
        expect(full(outputs), `${file} ${view.name}`).toEqual(full(view.outputs));
      }
      const events = compact.fragments.filter((fragment) => fragment.type === "event").map((fragment) => fragment.format("full"));
      expect(new Interface(served.events).fragments.map((fragment) => fragment.format("full")), file).toEqual(events);
    }
  });

  it("refuses a contract with two views of one name, as the browser reads a view by its name", () => {
    const overloaded = ["function priceOf(address token) view returns (uint256)", "function priceOf(address token, uint256 day) view returns (uint256)"];
    expect(() => readAbi(JSON.parse(new Interface(overloaded).formatJson()), "Prices.json")).toThrow("Prices.json: two views are named priceOf");
  });
});
