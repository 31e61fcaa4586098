import { describe, expect, it } from "vitest";

import { addresses } from "@/config/addresses";

import { changeOf, concerns, type Change } from "./changes";
import type { Operation } from "./operations";

const WALLET = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

function operation(contract: string | null, functionName: string | null, args: Record<string, unknown>): Operation {
  return {
    id: "0x01:1",
    position: "1000000",
    time: 1_800_000_000,
    txHash: `0x${"1".repeat(64)}`,
    caller: addresses.Main,
    target: addresses.Main,
    contract,
    functionName,
    args,
    schedule: 1_800_000_600,
    expiresAt: 1_800_605_400,
    status: "scheduled",
    closedTime: null,
    closedTxHash: null,
  };
}

describe("what an owner operation changes", () => {
  it("reads each owner function of the product as its change, with the values it sets", () => {
    const cases: [string, string, Record<string, unknown>, Change][] = [
      ["Revenue", "setDailyRate", { dailyRateBps_: "50" }, { kind: "dailyRate", rateBps: 50n }],
      ["Revenue", "setPreachingRates", { ratesBps: ["800", "400", "200"] }, { kind: "preachingRates", ratesBps: [800n, 400n, 200n] }],
      ["Revenue", "setClaimInterval", { interval: "3600" }, { kind: "claimInterval", seconds: 3600n }],
      ["Community", "setMaxGenerations", { generations: "10" }, { kind: "maxGenerations", generations: 10n }],
      [
        "Community",
        "configureLevels",
        { thresholds: ["1", "2", "3", "4", "5"], ratesBps: ["100", "200", "300", "400", "500"], directs: ["1", "2", "3"] },
        { kind: "levels", thresholds: [1n, 2n, 3n, 4n, 5n], ratesBps: [100n, 200n, 300n, 400n, 500n], directs: [1n, 2n, 3n] },
      ],
      ["Swap", "setDailyLimit", { route: "3", dailyLimitUsd: "250000000000000000000" }, { kind: "dailyLimit", route: 3, limitUsd: 250n * 10n ** 18n }],
      ["MvMarket", "setMarketConfig", { minOrder_: "200", maxFillsPerBuy_: "30" }, { kind: "marketConfig", minOrder: 200n, maxFillsPerBuy: 30n }],
      [
        "Main",
        "setPoolConfig",
        { luckyShareBps: "400", maxShareBps: "600", luckyDuration: "900", roundDuration: "86400" },
        { kind: "poolConfig", luckyShareBps: 400n, maxShareBps: 600n, luckyDuration: 900n, roundDuration: 86_400n },
      ],
      ["Main", "setPriceGuard", { stepBps: "2000", delay: "86400" }, { kind: "priceGuard", stepBps: 2000n, delay: 86_400n }],
      ["Main", "setSynthesisRule", { token: WALLET, multiple: "40", minimum: "40", enabled: false }, { kind: "synthesisRule", token: WALLET, multiple: 40n, minimum: 40n, enabled: false }],
      ["Main", "setTreasury", { treasury_: WALLET }, { kind: "treasury", treasury: WALLET }],
      ["Main", "setPrice", { token: WALLET, price: "5" }, { kind: "price", token: WALLET, price: 5n }],
      ["Swap", "rescue", { token: WALLET, to: WALLET, amount: "7" }, { kind: "rescue", holder: "Swap", token: WALLET, to: WALLET, amount: 7n }],
      ["Revenue", "transferOwnership", { newOwner: WALLET }, { kind: "ownership", contract: "Revenue", newOwner: WALLET }],
      ["MvMarket", "renounceOwnership", {}, { kind: "ownership", contract: "MvMarket", newOwner: null }],
      ["AccessManager", "grantRole", { roleId: "0", account: WALLET, executionDelay: "86400" }, { kind: "role", grant: true, roleId: 0n, account: WALLET, delay: 86_400n }],
      ["AccessManager", "revokeRole", { roleId: "1", account: WALLET }, { kind: "role", grant: false, roleId: 1n, account: WALLET, delay: 0n }],
      ["AccessManager", "setTargetClosed", { target: WALLET, closed: true }, { kind: "manager", functionName: "setTargetClosed" }],
    ];
    // Addresses as the indexer keeps them (lower case), checksummed as the app shows them.
    const lower = (value: unknown): unknown => (typeof value === "string" && value.startsWith("0x") ? value.toLowerCase() : value);
    for (const [contract, functionName, args, change] of cases) {
      const sent = Object.fromEntries(Object.entries(args).map(([name, value]) => [name, lower(value)]));
      expect(changeOf(operation(contract, functionName, sent)), `${contract}.${functionName}`).toEqual(change);
    }
  });

  it("says a call it has no words for, or one whose arguments are not as the ABI names them, as a call", () => {
    expect(changeOf(operation("Main", "acceptOwnership", {}))).toEqual({ kind: "other", contract: "Main", functionName: "acceptOwnership" });
    expect(changeOf(operation(null, null, {}))).toEqual({ kind: "other", contract: null, functionName: null });
    expect(changeOf(operation("Revenue", "setDailyRate", { rate: "50" }))).toEqual({ kind: "other", contract: "Revenue", functionName: "setDailyRate" });
    expect(changeOf(operation("Swap", "setDailyLimit", { route: "9", dailyLimitUsd: "1" }))).toEqual({ kind: "other", contract: "Swap", functionName: "setDailyLimit" });
  });
});

describe("which page says which change", () => {
  const rate: Change = { kind: "dailyRate", rateBps: 50n };
  const limit: Change = { kind: "dailyLimit", route: 3, limitUsd: 1n };
  const rule: Change = { kind: "synthesisRule", token: addresses.X, multiple: 40n, minimum: 40n, enabled: true };
  const rescue: Change = { kind: "rescue", holder: "Swap", token: addresses.X, to: WALLET, amount: 1n };
  const owner: Change = { kind: "ownership", contract: "Main", newOwner: WALLET };

  it("shows each change on the pages whose figures it changes, and every change on the terms page", () => {
    expect(concerns(rate, "earnings")).toBe(true);
    expect(concerns(rate, "team")).toBe(false);
    expect(concerns({ kind: "maxGenerations", generations: 10n }, "earnings")).toBe(true);
    expect(concerns(rate, "terms")).toBe(true);
    expect(concerns({ kind: "levels", thresholds: [], ratesBps: [], directs: [] }, "team")).toBe(true);
    expect(concerns({ kind: "marketConfig", minOrder: 1n, maxFillsPerBuy: 1n }, "market")).toBe(true);
    expect(concerns({ kind: "priceGuard", stepBps: 1n, delay: 1n }, "mining")).toBe(true);
    expect(concerns({ kind: "priceGuard", stepBps: 1n, delay: 1n }, "earnings")).toBe(false);
  });

  it("shows a change of ownership or of the manager everywhere", () => {
    for (const scope of ["earnings", "team", "exchange", "market", "mining", "home"] as const) expect(concerns(owner, scope), scope).toBe(true);
  });

  it("narrows to the page's own route, token and holdings", () => {
    expect(concerns(limit, "exchange", { route: 3 })).toBe(true);
    expect(concerns(limit, "exchange", { route: 0 })).toBe(false);
    expect(concerns(rule, "mining", { tokens: [addresses.X.toLowerCase()] })).toBe(true);
    expect(concerns(rule, "mining", { tokens: [addresses.USDT] })).toBe(false);
    expect(concerns(rescue, "exchange", { holder: "Swap" })).toBe(true);
    expect(concerns(rescue, "market", { holder: "MvMarket" })).toBe(false);
  });
});
