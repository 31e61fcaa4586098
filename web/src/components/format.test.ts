import { MaxUint256 } from "ethers/constants";
import { describe, expect, it } from "vitest";

import { formatCompact, isUnlimited } from "./format";

const units = (text: string) => {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, "0"));
};

describe("formatCompact", () => {
  it.each([
    ["0", "0"],
    ["12.345678", "12.3456"],
    ["1234.5678", "1,234.56"],
    ["99993.048", "99,993"],
    ["999999.99", "999,999"],
    ["1000000", "1M"],
    ["1234567", "1.23M"],
    ["1999999.99", "1.99M"],
    ["4500000000", "4.5B"],
    ["7000000000000", "7T"],
  ])("shows %s as %s, never rounded up", (amount, shown) => {
    expect(formatCompact(units(amount))).toBe(shown);
  });

  it("stays within 9 characters up to a trillion", () => {
    for (let digits = 0; digits < 15; digits++) expect(formatCompact(units(`${"9".repeat(digits + 1)}.999`)).length).toBeLessThanOrEqual(9);
  });
});

describe("isUnlimited", () => {
  it("is the maximum allowance, and not a large but real one", () => {
    expect(isUnlimited(MaxUint256)).toBe(true);
    expect(isUnlimited(MaxUint256 - 10n ** 24n)).toBe(true);
    expect(isUnlimited(10n ** 36n)).toBe(false);
  });
});
