import { describe, expect, it } from "vitest";

import { Interface, type ParamType, type Result } from "ethers/abi";

import type { Main } from "@typechain/index";

import { manager } from "@/lib/governance/terms";

import { FULL_ABIS } from "./full-abis";
import { read } from "./batch";
import { contractHandle, contracts, type ContractHandle } from "./contracts";
import { pageContracts } from "./page-contracts";
import { viewCoder, type ReadAbi } from "./read-abi";
import { READ_VIEWS, type ReadViewOf } from "./read-views";

/** A value of `type` that is not its zero value (so that a misplaced word shows), from `seed`. */
function sampleOf(type: ParamType, seed: number): unknown {
  if (type.isArray()) return Array.from({ length: type.arrayLength >= 0 ? type.arrayLength : 2 }, (_, index) => sampleOf(type.arrayChildren, seed + index + 1));
  if (type.isTuple()) return type.components.map((component, index) => sampleOf(component, seed + index + 1));
  if (type.baseType === "address") return `0x${(seed + 1).toString(16).padStart(40, "a")}`;
  if (type.baseType === "bool") return seed % 2 === 0;
  if (type.baseType === "string") return `text ${seed}`;
  if (type.baseType === "bytes") return `0x${"ab".repeat(seed + 1)}`;
  if (type.baseType.startsWith("bytes")) return `0x${(seed + 1).toString(16).padStart(Number(type.baseType.slice(5)) * 2, "0")}`;
  return BigInt(seed + 1) * (type.baseType.endsWith("int8") ? 3n : 1_000_003n);
}

/** A decoded value as plain data, each value under its ABI name where it has one and found by that
 *  name too (so a coder that lost a name, or put a value under the wrong one, differs). */
function shapeOf(value: unknown, types: readonly ParamType[]): unknown[] {
  const result = value as Result;
  return types.map((type, index) => {
    const plain = plainOf(result[index], type);
    return type.name ? { [type.name]: plain, foundByName: result.getValue(type.name) === result[index] } : plain;
  });
}

function plainOf(value: unknown, type: ParamType): unknown {
  if (type.isTuple()) return shapeOf(value, type.components);
  if (type.isArray()) return (value as unknown[]).map((item) => plainOf(item, type.arrayChildren));
  return value;
}

const handles = [contracts.main, contracts.revenue, pageContracts.community, pageContracts.swap, pageContracts.market, contracts.multicall, contracts.tokens.USDT, manager];

describe("the read layer's coder", () => {
  it("encodes every view's call and decodes its answer as ethers' Interface does from the whole ABI, names included", () => {
    let checked = 0;
    for (const handle of handles) {
      const full = new Interface(FULL_ABIS[handle.name]);
      for (const name of Object.keys(handle.abi.functions)) {
        const fragment = full.getFunction(name)!;
        const view = viewCoder(handle.abi as ReadAbi, name);
        const args = fragment.inputs.map((input, index) => sampleOf(input, index));
        expect(view.encode(args), `${handle.name}.${name}`).toBe(full.encodeFunctionData(fragment, args));
        const answer = full.encodeFunctionResult(fragment, fragment.outputs.map((output, index) => sampleOf(output, index + 7)));
        expect(shapeOf(view.decode(answer), fragment.outputs), `${handle.name}.${name}`).toEqual(shapeOf(full.decodeFunctionResult(fragment, answer), fragment.outputs));
        checked += 1;
      }
    }
    // Every view the app reads (read-views.ts), each contract once (the tokens share ERC20's).
    expect(checked).toBe(Object.values(READ_VIEWS).flat().length);
  });

  it("refuses an answer that is not the view's as ethers does: BAD_DATA, never a value", () => {
    const power = viewCoder(contracts.main.abi, "powerOf");
    const pool = viewCoder(contracts.main.abi, "luckyPool");
    expect(() => power.decode("0x")).toThrow(expect.objectContaining({ code: "BAD_DATA" }));
    expect(() => power.decode(`0x${"00".repeat(33)}`)).toThrow(expect.objectContaining({ code: "BAD_DATA", shortMessage: "invalid length for result data" }));
    expect(() => pool.decode(`0x${"00".repeat(32)}`)).toThrow(
      expect.objectContaining({ code: "BAD_DATA", shortMessage: "could not decode result data", info: { method: "luckyPool", signature: "luckyPool()" } }),
    );
  });

  it("knows only the views served, at run time and before: a read of another does not compile", () => {
    const served = contracts.main.abi as ReadAbi;
    expect(() => viewCoder(served, "synthesize")).toThrow("No view synthesize");
    expect(() => viewCoder(served, "toString")).toThrow("No view toString");
    // "acb" is a view of Main that the app does not read (read-views.ts): the browser is not served it.
    // @ts-expect-error: not a view of Main's read ABI
    expect(() => read(contracts.main, "acb")).toThrow("No view acb");
    // @ts-expect-error: nor through a handle widened to let any view through
    const widened: ContractHandle<Main, string> = contracts.main;
    expect(widened.name).toBe("Main");
    // @ts-expect-error: nor with another contract's read ABI in a handle
    expect(contractHandle<Main, ReadViewOf<"Main">>("Main", contracts.revenue.abi).name).toBe("Main");
  });
});
