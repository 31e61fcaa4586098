import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { useAppStore } from "@/store";

import { DEFAULT_TOLERANCE_BPS, atLeast, atMost, currentToleranceBps, isToleranceBps, tolerancePercent, useToleranceBps } from "./tolerance";
import { TOLERANCE_PRESETS_BPS, parseTolerancePercent } from "./tolerance-input";

describe("price tolerance: the bound", () => {
  it("moves a figure by the tolerance against the user: 0.5% by default, 0.1%, 1%, 5%", () => {
    expect(DEFAULT_TOLERANCE_BPS).toBe(50);
    expect(atMost(10_000n, 50)).toBe(10_050n);
    expect(atLeast(10_000n, 50)).toBe(9_950n);
    expect(atMost(10_000n, 10)).toBe(10_010n);
    expect(atLeast(10_000n, 10)).toBe(9_990n);
    expect(atMost(10_000n, 100)).toBe(10_100n);
    expect(atLeast(10_000n, 100)).toBe(9_900n);
    expect(atMost(10_000n, 500)).toBe(10_500n);
    expect(atLeast(10_000n, 500)).toBe(9_500n);
    expect(atMost(10_000n, 1)).toBe(10_001n);
  });

  it("rounds the tolerance up, so a bound is never tighter than the tolerance by rounding", () => {
    expect(atMost(1n, 50)).toBe(2n);
    expect(atLeast(1n, 50)).toBe(0n);
    expect(atMost(0n, 50)).toBe(0n);
    expect(atLeast(0n, 50)).toBe(0n);
    // 0.25% of 1,001 is 2.5025: 3 units.
    expect(atMost(1_001n, 25)).toBe(1_004n);
    expect(atLeast(1_001n, 25)).toBe(998n);
  });

  it("offers 0.1%, 0.5% and 1%, and says the tolerance in percent", () => {
    expect(TOLERANCE_PRESETS_BPS.map(tolerancePercent)).toEqual(["0.1", "0.5", "1"]);
    expect(tolerancePercent(1)).toBe("0.01");
    expect(tolerancePercent(25)).toBe("0.25");
    expect(tolerancePercent(500)).toBe("5");
  });

  it("is the store's setting, and only a tolerance from 0.01% to 5% is kept", () => {
    const { setToleranceBps } = useAppStore.getState();
    setToleranceBps(100);
    expect(currentToleranceBps()).toBe(100);
    for (const bad of [0, -5, 501, 2.5, Number.NaN]) {
      setToleranceBps(bad);
      expect(currentToleranceBps()).toBe(100);
    }
    setToleranceBps(DEFAULT_TOLERANCE_BPS);
    expect([1, 500].every(isToleranceBps)).toBe(true);
    expect([0, 501, 1.5, "50", null].some(isToleranceBps)).toBe(false);
  });

  it("is what a page reads, and the page follows a change of it", () => {
    const { result } = renderHook(() => useToleranceBps());
    expect(result.current).toBe(DEFAULT_TOLERANCE_BPS);
    act(() => useAppStore.getState().setToleranceBps(10));
    expect(result.current).toBe(10);
    act(() => useAppStore.getState().setToleranceBps(DEFAULT_TOLERANCE_BPS));
  });
});

describe("price tolerance: a value typed by the user", () => {
  it.each([
    ["0.3", 30],
    ["0.30", 30],
    [".5", 50],
    ["1", 100],
    ["1.", 100],
    ["5", 500],
    ["0.01", 1],
    ["2.75", 275],
    [" 0.7 ", 70],
    ["0.7%", 70],
    ["0.7 %", 70],
    ["０．８", 80],
  ])("takes %j as %d basis points", (text, bps) => {
    expect(parseTolerancePercent(text)).toEqual({ bps });
  });

  const range = { key: "errors:toleranceRange", params: { min: "0.01", max: "5" } };
  it.each([
    ["", range],
    ["   ", range],
    ["0", range],
    ["0.00", range],
    ["5.01", range],
    ["6", range],
    ["100", range],
    ["0.001", { key: "errors:toleranceDecimals" }],
    ["0.125", { key: "errors:toleranceDecimals" }],
    ["abc", { key: "errors:toleranceFormat" }],
    ["-1", { key: "errors:toleranceFormat" }],
    ["0,5", { key: "errors:toleranceFormat" }],
    ["1e0", { key: "errors:toleranceFormat" }],
    [".", { key: "errors:toleranceFormat" }],
    ["1.2.3", { key: "errors:toleranceFormat" }],
    ["%", range],
  ])("refuses %j with %o", (text, problem) => {
    expect(parseTolerancePercent(text)).toEqual({ problem });
  });
});
