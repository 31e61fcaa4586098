import { ParamType } from "ethers/abi";
import { describe, expect, it } from "vitest";

import { holdsIntegers, jsonExample, parseArgument, plainValue, valueText } from "./arguments";

const type = (text: string) => ParamType.from(text);
const value = (param: string, text: string, inTokenUnits = false) => {
  const parsed = parseArgument(type(param), text, inTokenUnits);
  if (!parsed.ok) throw new Error(`refused: ${parsed.error.key}`);
  return parsed.value;
};
const refusal = (param: string, text: string, inTokenUnits = false) => {
  const parsed = parseArgument(type(param), text, inTokenUnits);
  if (parsed.ok) throw new Error(`accepted: ${String(parsed.value)}`);
  return parsed.error;
};

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("the console's inputs", () => {
  it("takes an address in any case and gives it checksummed; refuses a wrong length or a wrong checksum", () => {
    expect(value("address", ` ${ALICE.toLowerCase()} `)).toBe(ALICE);
    expect(value("address", ALICE)).toBe(ALICE);
    expect(refusal("address", ALICE.slice(0, 41)).key).toBe("console:bad.address");
    expect(refusal("address", "alice").key).toBe("console:bad.address");
    // One letter's case changed: a mixed-case address whose checksum fails.
    expect(refusal("address", ALICE.replace("C51", "c51")).key).toBe("console:bad.checksum");
  });

  it("takes whole numbers within their type's range, in full or in token units", () => {
    expect(value("uint256", "1500000000000000000")).toBe(1_500_000_000_000_000_000n);
    expect(value("uint256", "1.5", true)).toBe(1_500_000_000_000_000_000n);
    expect(value("uint256", "2", true)).toBe(2_000_000_000_000_000_000n);
    expect(value("uint8", "255")).toBe(255n);
    expect(value("int8", "-128")).toBe(-128n);
    expect(refusal("uint8", "256")).toEqual({ key: "console:bad.range", params: { type: "uint8", low: "0", high: "255" } });
    expect(refusal("int8", "128").key).toBe("console:bad.range");
    expect(refusal("uint256", "-1").key).toBe("console:bad.range");
    expect(refusal("uint256", "1.5").key).toBe("console:bad.integer");
    expect(refusal("uint256", "1e18").key).toBe("console:bad.integer");
    expect(refusal("uint256", "1,000").key).toBe("console:bad.integer");
    expect(refusal("uint256", "0.0000000000000000001", true)).toEqual({ key: "console:bad.decimals", params: { count: 18 } });
    expect(refusal("uint256", "abc", true).key).toBe("console:bad.amount");
    expect(refusal("uint256", "  ").key).toBe("console:bad.required");
  });

  it("takes true or false, hex bytes of the right size, and any text", () => {
    expect(value("bool", "TRUE")).toBe(true);
    expect(value("bool", "false")).toBe(false);
    expect(refusal("bool", "yes").key).toBe("console:bad.bool");
    expect(value("bytes", "0xABcd")).toBe("0xabcd");
    expect(value("bytes", "0x")).toBe("0x");
    expect(refusal("bytes", "0xabc").key).toBe("console:bad.bytes");
    expect(value("bytes4", "0x12345678")).toBe("0x12345678");
    expect(refusal("bytes4", "0x1234")).toEqual({ key: "console:bad.bytesSize", params: { count: 4 } });
    // Text is taken as typed, spaces and empty included.
    expect(value("string", " a b ")).toBe(" a b ");
    expect(value("string", "")).toBe("");
  });

  it("takes arrays and structs as JSON, each element checked as its own type", () => {
    expect(value("address[]", `["${ALICE.toLowerCase()}"]`)).toEqual([ALICE]);
    expect(value("uint256[2]", '["1", 2]')).toEqual([1n, 2n]);
    expect(value("uint256[]", '["1.5"]', true)).toEqual([1_500_000_000_000_000_000n]);
    expect(refusal("uint256[2]", '["1"]')).toEqual({ key: "console:bad.length", params: { type: "uint256[2]", count: 2 } });
    expect(refusal("uint256[]", '{"a": 1}').key).toBe("console:bad.array");
    expect(refusal("uint256[]", "[1,").key).toBe("console:bad.json");
    expect(refusal("uint8[]", '["300"]').key).toBe("console:bad.range");
    // A number past what JSON keeps exact must be written as a string; in token units an amount may be a number.
    expect(refusal("uint256[]", "[12345678901234567890]").key).toBe("console:bad.element");
    expect(value("uint256[]", "[1.5]", true)).toEqual([1_500_000_000_000_000_000n]);
    expect(refusal("uint256[]", "[1e21]", true).key).toBe("console:bad.amount");
    // Spaces around a value in JSON are dropped, as in a field; text keeps them.
    expect(value("address[]", `[" ${ALICE} "]`)).toEqual([ALICE]);
    expect(value("string[]", '[" a "]')).toEqual([" a "]);
    expect(refusal("address[]", "[true]").key).toBe("console:bad.element");

    const call = "tuple(address target, bool allowFailure, bytes callData)";
    const expected = [ALICE, true, "0x1234"];
    expect(value(`${call}[]`, `[["${ALICE}", true, "0x1234"]]`)).toEqual([expected]);
    expect(value(`${call}[]`, `[{"target": "${ALICE}", "allowFailure": "true", "callData": "0x1234"}]`)).toEqual([expected]);
    expect(refusal(`${call}[]`, `[{"target": "${ALICE}", "callData": "0x"}]`)).toEqual({ key: "console:bad.field", params: { field: "allowFailure" } });
    expect(refusal(`${call}[]`, "[[1, 2]]").key).toBe("console:bad.length");
    expect(refusal(`${call}[]`, '["x"]').key).toBe("console:bad.struct");
  });

  it("shows the JSON a composite type takes, from the type", () => {
    expect(jsonExample(type("address[]"))).toBe('["0x…", "0x…"]');
    expect(jsonExample(type("uint256[3]"))).toBe('["1", "1", "1"]');
    expect(jsonExample(type("tuple(address target, bool allowFailure, bytes callData)[]"))).toBe('[["0x…", true, "0x…"], ["0x…", true, "0x…"]]');
  });

  it("offers token units only where a type holds integers", () => {
    expect(holdsIntegers(type("uint256"))).toBe(true);
    expect(holdsIntegers(type("int8[]"))).toBe(true);
    expect(holdsIntegers(type("tuple(address a, uint64 b)[]"))).toBe(true);
    expect(holdsIntegers(type("address"))).toBe(false);
    expect(holdsIntegers(type("bytes32"))).toBe(false);
  });

  it("shows a decoded value as text: numbers in full, structs by field name", () => {
    expect(valueText(10n ** 30n, type("uint256"))).toBe("1000000000000000000000000000000");
    expect(valueText(ALICE, type("address"))).toBe(ALICE);
    expect(plainValue([[1n, true]], type("tuple(uint256 hashrate, bool active)[]"))).toEqual([{ hashrate: "1", active: true }]);
    expect(plainValue([1n, 2n], type("tuple(uint256, uint256)"))).toEqual(["1", "2"]);
    expect(valueText([1n], type("uint256[]"))).toBe('[\n  "1"\n]');
  });
});
