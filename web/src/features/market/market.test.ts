import { describe, expect, it } from "vitest";

import { evaluate, FIGURES_LOADING } from "@/lib/spending/spending-action";

import { buying, checkBuyAmount, checkListAmount, listing } from "./market";

const E18 = 10n ** 18n;

describe("market amounts", () => {
  it.each([
    ["", { key: "errors:enterAmount" }],
    ["1,000", { key: "errors:digitsOnly" }],
    ["1 000", { key: "errors:digitsOnly" }],
    ["0", { key: "errors:invalidAmountMv" }],
    ["-5", { key: "errors:invalidAmountMv" }],
    ["50", { key: "errors:belowMinimum", params: { minimum: "100" } }],
  ])("refuses %j as an amount to list with %o", (text, problem) => {
    expect(checkListAmount(text, 100n * E18)).toEqual({ problem });
  });

  it.each([
    ["", { key: "errors:enterUsdt" }],
    ["1,000.5", { key: "errors:digitsOnly" }],
    ["5 USDT", { key: "errors:invalidAmountMv" }],
  ])("refuses %j as USDT to buy with %o", (text, problem) => {
    expect(checkBuyAmount(text)).toEqual({ problem });
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
    expect(evaluate(listing, "101", { minOrder: 100n * E18 }, { balance: 100n * E18 }).fieldError).toEqual({ key: "errors:mvNotEnough" });
  });

  it("buys with the contract's quote less the tolerance as the least MV", () => {
    const facts = { forSale: 10n * E18, quote: { mvAmount: 2n * E18 } };
    expect(evaluate(buying, "1", facts, { balance: E18 }).quote).toEqual({
      spends: { token: "USDT", amount: E18, mayTake: E18 },
      args: [E18, 2n * E18 - (2n * E18) / 200n],
    });
  });

  it("says nothing is for sale before the quote is even read, then waits for the quote", () => {
    expect(evaluate(buying, "1", { forSale: 0n, quote: undefined }).refusal).toEqual({ key: "errors:nothingForSale" });
    expect(evaluate(buying, "1", { forSale: 10n * E18, quote: undefined }).refusal).toEqual(FIGURES_LOADING);
  });
});
