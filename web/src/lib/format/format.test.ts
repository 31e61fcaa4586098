import { MaxUint256 } from "ethers/constants";
import { describe, expect, it } from "vitest";

import { formatAmount, formatCompact, isUnlimited, sameAddress } from "./format";

const units = (text: string) => {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, "0"));
};

describe("formatAmount", () => {
  it.each([
    ["0", 6, "0"],
    ["1234.5678905", 6, "1,234.56789"],
    ["2.5", 2, "2.5"],
    ["0.0000015", 6, "0.000001"],
    ["0.0000009", 6, "< 0.000001"],
    ["0.000000000000000001", 6, "< 0.000001"],
    ["0.0000000002", 6, "< 0.000001"],
    // Fewer decimals asked for: a small amount gets up to 6 rather than reading 0.
    ["0.00005", 4, "0.00005"],
    ["0.004", 2, "0.004"],
    ["0.0000001", 2, "< 0.000001"],
    ["0.0000001", 0, "< 0.000001"],
    // A whole part is never tiny: its decimals are cut as asked.
    ["1.0000001", 6, "1"],
  ] as const)("shows %s with %i decimals as %s", (amount, digits, shown) => {
    expect(formatAmount(units(amount), digits)).toBe(shown);
  });

  it("shows every unit when asked for every decimal", () => {
    expect(formatAmount(1n, 18)).toBe("0.000000000000000001");
  });

  it("reads tiny amounts of tokens with fewer decimals the same way", () => {
    expect(formatAmount(1n, 2, 6)).toBe("0.000001");
    expect(formatAmount(0n, 2, 6)).toBe("0");
  });
});

describe("formatCompact", () => {
  it.each([
    ["0", "0"],
    ["0.00005", "0.00005"],
    ["0.0000000001", "< 0.000001"],
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

describe("sameAddress", () => {
  it("is the same account whatever the case of the hex, and another account is not", () => {
    const checksummed = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    expect(sameAddress(checksummed, checksummed.toLowerCase())).toBe(true);
    expect(sameAddress(checksummed.toUpperCase().replace("0X", "0x"), checksummed)).toBe(true);
    expect(sameAddress(checksummed, "0x70997970C51812dc3A010C7d01b50e0d17dc79C9")).toBe(false);
  });
});
