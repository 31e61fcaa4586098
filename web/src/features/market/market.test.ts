import { describe, expect, it } from "vitest";

import { evaluate, FIGURES_LOADING } from "@/lib/spending/spending-action";

import { buying, checkBuyAmount, checkListAmount, listing } from "./market";

const E18 = 10n ** 18n;

describe("market amounts", () => {
  it.each([
    ["", { key: "errors:enterAmount" }],
    ["1,000", { key: "errors:digitsOnly" }],
    ["1 000", { key: "errors:digitsOnly" }],
    ["0", { key: "errors:amountAboveZero" }],
    ["-5", { key: "errors:invalidAmount" }],
    ["50", { key: "errors:belowMinimum", params: { minimum: "100" } }],
  ])("refuses %j as an amount to list with %o", (text, problem) => {
    expect(checkListAmount(text, 100n * E18)).toEqual({ problem });
  });

  it.each([
    ["", { key: "errors:enterUsdt" }],
    ["1,000.5", { key: "errors:digitsOnly" }],
    ["5 USDT", { key: "errors:invalidAmount" }],
    ["0", { key: "errors:amountAboveZero" }],
  ])("refuses %j as USDT to buy with %o", (text, problem) => {
    expect(checkBuyAmount(text)).toEqual({ problem });
  });

  it("never says the exchange pages' 'exceeds maximum exchangeable': the market has no such maximum", () => {
    for (const text of ["0", "-5", "abc", "1e3", "0.0000000000000000001"]) {
      for (const checked of [checkListAmount(text, 100n * E18), checkBuyAmount(text)]) {
        expect("problem" in checked && checked.problem.key).not.toMatch(/invalidAmountMv|invalidAmountAcb/);
      }
    }
  });

  it("takes positive amounts", () => {
    expect(checkListAmount("100", 100n * E18)).toEqual({ value: 100n * E18 });
    expect(checkBuyAmount("0.5")).toEqual({ value: E18 / 2n });
  });
});

describe("listing and buying as spending actions", () => {
  it("lists what was typed, spending exactly that MV", () => {
    expect(evaluate(listing, "100", { minOrder: 100n * E18 }, { balance: 100n * E18 }).quote).toEqual({
      spends: { token: "MV", amount: 100n * E18, mayTake: 100n * E18 },
      args: [100n * E18],
    });
    expect(evaluate(listing, "101", { minOrder: 100n * E18 }, { balance: 100n * E18 }).fieldProblem).toEqual({ key: "errors:mvNotEnough" });
  });

  it("buys with the contract's quote less the tolerance as the least MV", () => {
    const facts = { forSale: 10n * E18, quote: { mvAmount: 2n * E18, usdtSpent: E18 }, toleranceBps: 50 };
    expect(evaluate(buying, "1", facts, { balance: E18 }).quote).toEqual({
      spends: { token: "USDT", amount: E18, mayTake: E18 },
      args: [E18, 2n * E18 - (2n * E18) / 200n],
    });
    // At the user's 1%, 1% less.
    expect(evaluate(buying, "1", { ...facts, toleranceBps: 100 }, { balance: E18 }).quote?.args).toEqual([E18, 2n * E18 - (2n * E18) / 100n]);
  });

  it("checks the balance against what the buy spends, and authorises up to the amount typed", () => {
    // 5 USDT typed, but only 2 MV for sale, which 1 USDT buys: 1 USDT is all the balance must hold.
    const facts = { forSale: 2n * E18, quote: { mvAmount: 2n * E18, usdtSpent: E18 }, toleranceBps: 50 };
    const evaluation = evaluate(buying, "5", facts, { balance: E18 });
    expect(evaluation.fieldProblem).toBeUndefined();
    expect(evaluation.quote?.spends).toEqual({ token: "USDT", amount: E18, mayTake: 5n * E18 });
    expect(evaluate(buying, "5", facts, { balance: E18 - 1n }).fieldProblem).toEqual({ key: "errors:tokenNotEnough", params: { token: "USDT" } });
  });

  it("says nothing is for sale before the quote is even read, then waits for the quote", () => {
    expect(evaluate(buying, "1", { forSale: 0n, quote: undefined, toleranceBps: 50 }).refusal).toEqual({ key: "errors:nothingForSale" });
    expect(evaluate(buying, "1", { forSale: 10n * E18, quote: undefined, toleranceBps: 50 }).refusal).toEqual(FIGURES_LOADING);
  });
});
