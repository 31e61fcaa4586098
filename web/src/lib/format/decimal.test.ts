import { formatUnits, parseUnits } from "ethers/utils";
import { describe, expect, it } from "vitest";

import { fromDecimalDigits, toDecimalText } from "./decimal";

describe("decimal text", () => {
  const values = [0n, 1n, 9n, 10n, 999_999n, 10n ** 18n, 15n * 10n ** 17n, 10n ** 18n + 1n, 2n ** 255n, 123_456_789_012_345_678_901_234n];
  it.each([0, 1, 6, 18])("writes what ethers' formatUnits writes, without its trailing .0 (%i decimals)", (decimals) => {
    for (const value of [...values, ...values.map((v) => -v)]) {
      expect(toDecimalText(value, decimals)).toBe(formatUnits(value, decimals).replace(/\.0$/, ""));
    }
  });

  it.each([
    ["0", "", 18],
    ["1", "5", 18],
    ["123", "000000000000000001", 18],
    ["40", "", 0],
    ["", "25", 6],
    ["007", "10", 2],
  ])("reads %s.%s as ethers' parseUnits does (%i decimals)", (whole, fraction, decimals) => {
    expect(fromDecimalDigits(whole, fraction, decimals)).toBe(parseUnits(`${whole || "0"}${fraction ? `.${fraction}` : ""}`, decimals));
  });

  it("refuses more decimals than the token has", () => {
    expect(() => fromDecimalDigits("1", "1234567", 6)).toThrow(RangeError);
  });
});
