import { describe, expect, it } from "vitest";

import { TOLERANCE_PERCENT, atLeast, atMost } from "./tolerance";

describe("price tolerance", () => {
  it("moves a figure by 0.5% against the user", () => {
    expect(TOLERANCE_PERCENT).toBe("0.5");
    expect(atMost(10_000n)).toBe(10_050n);
    expect(atLeast(10_000n)).toBe(9_950n);
  });

  it("rounds the tolerance up, so a bound is never tighter than 0.5% by rounding", () => {
    expect(atMost(1n)).toBe(2n);
    expect(atLeast(1n)).toBe(0n);
    expect(atMost(0n)).toBe(0n);
    expect(atLeast(0n)).toBe(0n);
  });
});
