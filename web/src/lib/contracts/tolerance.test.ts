import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { useAppStore } from "@/store";
import { DEFAULT_TOLERANCE_BPS, isToleranceBps } from "@/store/settings-slice";

import { atLeast, atMost, currentToleranceBps, tolerancePercent, useToleranceBps } from "./tolerance";
import { TOLERANCE_PRESETS_BPS, parseTolerancePercent } from "./tolerance-input";

describe("price tolerance: the bound", () => {
  it.each([
    // amount, tolerance (bps), at most, at least
    [10_000n, 50, 10_050n, 9_950n],
    [10_000n, 10, 10_010n, 9_990n],
    [10_000n, 100, 10_100n, 9_900n],
    [10_000n, 500, 10_500n, 9_500n],
    [10_000n, 1, 10_001n, 9_999n],
    // Rounded up, so a bound is never tighter than the tolerance by rounding: 0.25% of 1,001 is 2.5025, 3 units.
    [1_001n, 25, 1_004n, 998n],
    [1n, 50, 2n, 0n],
    [0n, 50, 0n, 0n],
  ])("moves %d by %d bps against the user: at most %d, at least %d", (amount, bps, most, least) => {
    expect(atMost(amount, bps)).toBe(most);
    expect(atLeast(amount, bps)).toBe(least);
  });

  it("is 0.5% by default", () => {
    expect(DEFAULT_TOLERANCE_BPS).toBe(50);
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
    ["0.7 % ", 70],
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
    // The percent sign ends the value: one inside it is not taken out.
    ["0.%5", { key: "errors:toleranceFormat" }],
    ["%", range],
  ])("refuses %j with %o", (text, problem) => {
    expect(parseTolerancePercent(text)).toEqual({ problem });
  });
});
