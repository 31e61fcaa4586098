import { parseEther } from "ethers/utils";
import { describe, expect, it } from "vitest";

import { addresses } from "@/config/addresses";

import { appliedOf, coverageBps, describeChange, effectOf, percent, type Formats } from "./describe";
import { dailyMachineRevenue, settledPerformance, vipLevelOf, vipRateOf } from "./effects";
import type { CurrentTerms } from "./terms";
import { durationParts } from "./time";

const WALLET = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

/** The terms a fresh deployment has (scripts/lib/deploy-defaults.ts), as the reads decode them. */
const TERMS = {
  dailyRateBps: 100n,
  preachingRatesBps: [1000n, 500n, 300n],
  claimInterval: 60n,
  maxGenerations: 20n,
  vipThresholds: [10_000n, 50_000n, 200_000n, 1_000_000n, 5_000_000n],
  vipRatesBps: [200n, 400n, 600n, 800n, 1000n],
  sLevelDirects: [1n, 3n, 5n],
  poolConfig: { luckyShareBps: 500n, maxShareBps: 500n, luckyDuration: 600n, roundDuration: 86_400n },
  priceGuard: { stepBps: 1000n, delay: 86_400n },
  pendingPriceGuard: { stepBps: 0n, delay: 0n, effectiveAt: 0n },
  treasury: addresses.Main,
  tokenRules: [{ token: addresses.X, price: parseEther("0.5"), multiple: 20n, minimum: 20n, enabled: true }],
  minOrder: parseEther("100"),
  maxFillsPerBuy: 50n,
  route0: { dailyLimitUsd: parseEther("1000") },
  route1: { dailyLimitUsd: parseEther("1000") },
  route2: { dailyLimitUsd: parseEther("1000") },
  route3: { dailyLimitUsd: parseEther("500") },
  route4: { dailyLimitUsd: 0n },
  expiration: 604_800n,
} as unknown as CurrentTerms;

/** A translator that says the key and its values, so that a test reads what was passed. */
const FORMATS: Formats = {
  t: (key, values) => (values ? `${key}(${Object.values(values).join(",")})` : key),
  duration: (seconds) => {
    const { days, hours, minutes } = durationParts(seconds);
    return days ? `${days}d` : hours ? `${hours}h` : minutes ? `${minutes}m` : `${seconds}s`;
  },
};

describe("a queued change in words", () => {
  it("says each change from the value in force to the one it sets", () => {
    expect(describeChange({ kind: "dailyRate", rateBps: 50n }, TERMS, undefined, FORMATS)).toEqual({ key: "changes.dailyRate", values: { from: "1%", to: "0.5%" } });
    expect(describeChange({ kind: "preachingRates", ratesBps: [800n, 400n, 200n] }, TERMS, undefined, FORMATS).values).toEqual({ from: "10% / 5% / 3%", to: "8% / 4% / 2%" });
    expect(describeChange({ kind: "claimInterval", seconds: 3600n }, TERMS, undefined, FORMATS).values).toEqual({ from: "1m", to: "1h" });
    expect(describeChange({ kind: "dailyLimit", route: 3, limitUsd: parseEther("250") }, TERMS, undefined, FORMATS).values).toEqual({ tokenIn: "ACB", tokenOut: "USDT", from: "500 USD", to: "250 USD" });
    expect(describeChange({ kind: "dailyLimit", route: 4, limitUsd: parseEther("10") }, TERMS, undefined, FORMATS).values).toMatchObject({ from: "changes.noLimit", to: "10 USD" });
    expect(describeChange({ kind: "marketConfig", minOrder: parseEther("200"), maxFillsPerBuy: 30n }, TERMS, undefined, FORMATS).values).toEqual({ fromMin: "100", toMin: "200", fromFills: "50", toFills: "30" });
    expect(describeChange({ kind: "priceGuard", stepBps: 2000n, delay: 3600n }, TERMS, undefined, FORMATS).values).toEqual({ fromStep: "10%", fromDelay: "1d", toStep: "20%", toDelay: "1h" });
    expect(describeChange({ kind: "synthesisRule", token: addresses.X, multiple: 40n, minimum: 40n, enabled: false }, TERMS, undefined, FORMATS).values).toEqual({
      token: "X",
      fromMultiple: "20",
      toMultiple: "40",
      fromMinimum: "20",
      toMinimum: "40",
      state: "changes.synthesis.closes",
    });
    expect(describeChange({ kind: "treasury", treasury: WALLET }, TERMS, undefined, FORMATS)).toEqual({ key: "changes.treasury", values: {}, addresses: { from: addresses.Main, to: WALLET } });
  });

  it("says what a rescue leaves the holder with, when the holding is read", () => {
    const rescue = { kind: "rescue", holder: "Swap", token: addresses.X, to: WALLET, amount: parseEther("400") } as const;
    expect(describeChange(rescue, TERMS, { "X@Swap": parseEther("1000") }, FORMATS)).toEqual({
      key: "changes.rescue",
      values: { amount: "400", token: "X", holder: "holders.Swap", from: "1,000", left: "600" },
      addresses: { to: WALLET },
    });
    expect(describeChange(rescue, TERMS, undefined, FORMATS).key).toBe("changes.rescueToken");
  });

  it("says who gets a role and how soon it acts", () => {
    expect(describeChange({ kind: "role", grant: true, roleId: 0n, account: WALLET, delay: 0n }, TERMS, undefined, FORMATS)).toEqual({
      key: "changes.grantRole",
      values: { role: "roles.admin", delay: "changes.atOnce" },
      addresses: { account: WALLET },
    });
  });

  it("says what a past change set, a line per term", () => {
    expect(appliedOf({ kind: "dailyRate", rateBps: 50n }, FORMATS)).toEqual([{ key: "past.set", values: { what: "terms.dailyRate", value: "0.5%" } }]);
    expect(appliedOf({ kind: "levels", thresholds: [1n, 2n, 3n, 4n, 5n], ratesBps: [1n, 2n, 3n, 4n, 5n], directs: [1n, 2n, 3n] }, FORMATS)).toHaveLength(3);
    expect(appliedOf({ kind: "ownership", contract: "Main", newOwner: null }, FORMATS)).toEqual([{ key: "changes.renounce", values: { contract: "Main" } }]);
  });
});

describe("what a change does to the member's own figures", () => {
  it("says the member's daily machine revenue before and after a daily-rate change", () => {
    // 1,230 USD still earning: 12.3 USD a day at 1%, 6.15 at 0.5%.
    expect(effectOf({ kind: "dailyRate", rateBps: 50n }, TERMS, { activeValue: 1_230n })).toEqual({ key: "effects.dailyRevenue", values: { from: "12.3", to: "6.15" } });
    // Nothing earning: nothing to say of it.
    expect(effectOf({ kind: "dailyRate", rateBps: 50n }, TERMS, { activeValue: 0n })).toBeUndefined();
    expect(effectOf({ kind: "dailyRate", rateBps: 50n }, TERMS, {})).toBeUndefined();
  });

  it("says the member's VIP level and rate under new thresholds, on the performance settled before today", () => {
    const levels = { kind: "levels", thresholds: [20_000n, 60_000n, 200_000n, 1_000_000n, 5_000_000n], ratesBps: [300n, 500n, 600n, 800n, 1000n], directs: [1n, 3n, 5n] } as const;
    // 55,000 in all, 5,000 of it today: 50,000 counts, V2 now and V1 under the new thresholds.
    expect(effectOf(levels, TERMS, { teamPerformance: 55_000n, teamPerformanceToday: 5_000n })).toEqual({ key: "effects.vipLevel", values: { from: "2", to: "1", fromRate: "4%", toRate: "3%" } });
    expect(effectOf(levels, TERMS, { teamPerformance: 70_000n, teamPerformanceToday: 0n })).toEqual({ key: "effects.vipLevelSame", values: { from: "2", to: "2", fromRate: "4%", toRate: "5%" } });
  });

  it("counts as Revenue and Community do", () => {
    expect(dailyMachineRevenue(1_000n, 100n)).toBe(parseEther("10"));
    expect(vipLevelOf(9_999n, TERMS.vipThresholds)).toBe(0);
    expect(vipLevelOf(10_000n, TERMS.vipThresholds)).toBe(1);
    expect(vipLevelOf(5_000_000n, TERMS.vipThresholds)).toBe(5);
    expect(vipRateOf(0, TERMS.vipRatesBps)).toBe(0n);
    expect(vipRateOf(5, TERMS.vipRatesBps)).toBe(1000n);
    expect(settledPerformance(10n, 20n)).toBe(0n);
  });
});

describe("figures", () => {
  it("says basis points as a percentage", () => {
    expect([percent(100n), percent(50n), percent(1000n), percent(1n), percent(12_345n)]).toEqual(["1%", "0.5%", "10%", "0.01%", "123.45%"]);
  });

  it("says the reserve's coverage of what is promised, whole when nothing is short", () => {
    expect(coverageBps([parseEther("44"), parseEther("100")])).toBe(4400n);
    expect(coverageBps([parseEther("200"), parseEther("100")])).toBe(10_000n);
    expect(coverageBps([0n, 0n])).toBe(10_000n);
    // Rounded down, never shown better than it is.
    expect(coverageBps([2n, 3n])).toBe(6666n);
  });

  it("splits a duration into days, hours, minutes and seconds", () => {
    expect(durationParts(90_061n)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
  });
});
