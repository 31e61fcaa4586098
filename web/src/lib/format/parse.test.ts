import { describe, expect, it } from "vitest";

import { parseAddress, parseAmount, parseDecimal, parseWhole, unreadableNumber } from "./parse";

const E18 = 10n ** 18n;

describe("parseWhole (hashrate)", () => {
  it.each([
    ["40", 40n],
    [" 40 ", 40n],
    ["0040", 40n],
    ["４０", 40n],
  ])("reads %j as %s", (text, value) => {
    expect(parseWhole(text)).toEqual({ ok: true, value });
  });

  it.each(["40.0", "40.", "40.5", ".5", "1e3", "-20", "+20", "4 0", "1.000", "0x14", "20abc", "∞", "NaN", ",1000", "1000,", "1,,000", "1,0000", "1000,000"])("refuses %j", (text) => {
    expect(parseWhole(text)).toEqual({ ok: false, reason: "invalid" });
  });

  it.each(["4,000", "1 000", "1,000,000", "1,00,000", "12 345 678", "1'000", "1\u2019000", "1_000", "1\u00A0000", "1\u202F000", "1\u3000000", "1\uFF0C000", "1,000.0"])(
    "refuses %j as grouped digits",
    (text) => {
      expect(parseWhole(text)).toEqual({ ok: false, reason: "grouped" });
    },
  );

  it.each(["", "   "])("calls %j empty", (text) => {
    expect(parseWhole(text)).toEqual({ ok: false, reason: "empty" });
  });
});

describe("parseAmount (18 decimals)", () => {
  it.each([
    ["40.0", 40n * E18],
    ["40.", 40n * E18],
    ["1.5", 15n * 10n ** 17n],
    [".5", 5n * 10n ** 17n],
    ["0.000000000000000001", 1n],
    ["0.1000000000000000000000", 10n ** 17n],
    ["１．５", 15n * 10n ** 17n],
  ])("reads %j as %s", (text, value) => {
    expect(parseAmount(text)).toEqual({ ok: true, value });
  });

  it.each(["-5", "+5", "1e3", "0.0000000000000000001", "1.2.3", ".", "abc", "5 MV", "1,000 MV", "1,5"])("refuses %j", (text) => {
    expect(parseAmount(text)).toEqual({ ok: false, reason: "invalid" });
  });

  it.each(["1,000", "1 000", "1,000.5", "12 345.678"])("refuses %j as grouped digits", (text) => {
    expect(parseAmount(text)).toEqual({ ok: false, reason: "grouped" });
  });

  it("counts decimals against the token's own", () => {
    expect(parseDecimal("1.123456", 6)).toEqual({ ok: true, value: 1_123_456n });
    expect(parseDecimal("1.1234567", 6)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("unreadableNumber", () => {
  const messages = { empty: { key: "errors:enterAmount" }, invalid: { key: "errors:invalidAmountMv" } } as const;
  it("prompts when empty, says 'digits only' for grouped digits, and the field's own message otherwise", () => {
    expect(unreadableNumber("empty", messages)).toEqual({ key: "errors:enterAmount" });
    expect(unreadableNumber("grouped", messages)).toEqual({ key: "errors:digitsOnly" });
    expect(unreadableNumber("invalid", messages)).toEqual({ key: "errors:invalidAmountMv" });
  });
});

describe("parseAddress", () => {
  it("checksums a lower-case address and refuses a bad checksum and the zero address", () => {
    expect(parseAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8")).toEqual({ ok: true, value: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" });
    expect(parseAddress("0x70997970C51812DC3A010C7D01B50E0D17DC79c8")).toEqual({ ok: false, reason: "invalid" });
    expect(parseAddress("0x0000000000000000000000000000000000000000")).toEqual({ ok: false, reason: "invalid" });
    expect(parseAddress("")).toEqual({ ok: false, reason: "empty" });
  });

  it("reads an address pasted with spaces around it", () => {
    expect(parseAddress("  0x70997970c51812dc3a010c7d01b50e0d17dc79c8\n")).toEqual({ ok: true, value: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" });
  });

  it("refuses 40 hex digits without 0x and an ICAP address, which ethers' getAddress would take", () => {
    expect(parseAddress("70997970c51812dc3a010c7d01b50e0d17dc79c8")).toEqual({ ok: false, reason: "invalid" });
    expect(parseAddress("XE7338O073KYGTWWZN0F2WZ0R8PX5ZPPZS")).toEqual({ ok: false, reason: "invalid" });
  });
});
