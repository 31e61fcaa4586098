import { parseEther } from "ethers/utils";
import { describe, expect, it } from "vitest";

import { capOf, percentText, progressPpm } from "./cap-progress";

describe("the records' progress toward 3x", () => {
  const cap = capOf(1000n, 3n); // records of 1,000 hashrate, out at 3x: 3,000 USD

  it("is machine revenue earned over the out multiple times the hashrate, in whole USD", () => {
    expect(cap).toBe(parseEther("3000"));
    expect(capOf(1000n, 5n)).toBe(parseEther("5000"));
    expect(progressPpm(parseEther("30"), cap)).toBe(10_000);
    expect(percentText(parseEther("30"), cap)).toBe("1.00");
  });

  it("rounds down, never to all before it is, and says a start two decimals would show as none", () => {
    expect(percentText(parseEther("2999.99"), cap)).toBe("99.99");
    expect(percentText(parseEther("3000"), cap)).toBe("100.00");
    expect(percentText(1n, cap)).toBe("< 0.01");
    expect(percentText(parseEther("0.3"), cap)).toBe("0.01");
    expect(percentText(0n, cap)).toBe("0.00");
    expect(progressPpm(0n, 0n)).toBe(0);
  });
});
