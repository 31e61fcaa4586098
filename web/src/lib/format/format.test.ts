import { MaxUint256 } from "ethers/constants";
import { describe, expect, it } from "vitest";

import { amountText, formatAmount, formatCompact, formatCountdown, formatTime, groupDigits, isUnlimited, sameAddress, shortAddress } from "./format";

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

describe("groupDigits", () => {
  it("groups thousands as en-US does, in every language, negative or not, however large", () => {
    const values = [0n, 7n, 999n, 1_000n, 12_345n, 999_999n, 1_000_000n, 1_234_567_890n, -1n, -1_000n, -9_876_543n, 2n ** 255n, MaxUint256];
    for (const value of values) expect(groupDigits(value)).toBe(value.toLocaleString("en-US"));
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
    // The hundredths keep their leading zero: 1.05M, not 1.5M.
    ["1050000", "1.05M"],
    // From 1,000 two decimals, from 10,000 none: each edge on its side.
    ["999.12345", "999.1234"],
    ["1000.12345", "1,000.12"],
    ["9999.999", "9,999.99"],
    ["10000.5", "10,000"],
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

  it("starts at 2^255 exactly", () => {
    expect(isUnlimited(2n ** 255n)).toBe(true);
    expect(isUnlimited(2n ** 255n - 1n)).toBe(false);
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

describe("shortAddress", () => {
  it("keeps the first 6 and last 4 characters of anything longer than 12, and leaves the rest as it is", () => {
    expect(shortAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")).toBe("0x7099…79C8");
    expect(shortAddress("0x1234567890")).toBe("0x1234567890");
    expect(shortAddress("0x123456789a")).toBe("0x123456789a");
    expect(shortAddress("0x123456789ab")).toBe("0x1234…89ab");
  });
});

describe("amountText", () => {
  it("writes an amount as the user would type it: every decimal, no grouping", () => {
    expect(amountText(1_234_500_000_000_000_000_000n)).toBe("1234.5");
    expect(amountText(1n)).toBe("0.000000000000000001");
    expect(amountText(1_500n, 3)).toBe("1.5");
  });
});

describe("formatCountdown", () => {
  it.each([
    [0, "0:00"],
    [-5, "0:00"],
    [59.9, "0:59"],
    [61, "1:01"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [3661, "1:01:01"],
    [36_000 + 9 * 60 + 5, "10:09:05"],
  ])("shows %f seconds as %s", (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
});

describe("formatTime", () => {
  it("writes a moment with the month's name and the time without seconds", () => {
    expect(formatTime(new Date("2026-11-21T10:05:30"), "en-US")).toBe("Nov 21, 2026, 10:05 AM");
    expect(formatTime(new Date("2026-11-21T10:05:30"), "en-US", "short")).toBe("11/21/26, 10:05 AM");
  });
});
