import { describe, expect, it } from "vitest";

import { evaluate, FIGURES_LOADING } from "@/lib/spending/spending-action";

import { checkExchangeAmount, exchange } from "./exchange";
import { EXCHANGE_KINDS } from "./exchange-kinds";

const MV_TO_X = EXCHANGE_KINDS["/pages/index/exchangeMvToX"];
const ACB = EXCHANGE_KINDS["/pages/index/exchangeACB"];
const PRICES = { priceIn: 10n ** 18n, priceOut: 5n * 10n ** 17n };

describe("checkExchangeAmount", () => {
  it.each([
    ["", MV_TO_X, { key: "errors:enterAmount" }],
    ["1,000", MV_TO_X, { key: "errors:digitsOnly" }],
    ["1 000.5", ACB, { key: "errors:digitsOnly" }],
    ["abc", MV_TO_X, { key: "errors:invalidAmountMv" }],
    ["0", ACB, { key: "errors:invalidAmountAcb" }],
  ])("refuses %j with %o", (text, kind, problem) => {
    expect(checkExchangeAmount(text, kind, PRICES, 10n ** 21n)).toEqual({ problem });
  });

  it("refuses 0 before the prices are read, and an amount too small to buy one unit", () => {
    expect(checkExchangeAmount("0", ACB, undefined, undefined)).toEqual({ problem: { key: "errors:invalidAmountAcb" } });
    // 1 wei at half the price of what it buys: 0.5 wei, rounded down to nothing.
    expect(checkExchangeAmount("0.000000000000000001", ACB, { priceIn: 1n, priceOut: 2n }, undefined)).toEqual({ problem: { key: "errors:invalidAmountAcb" } });
  });

  it("takes an amount that buys something", () => {
    expect(checkExchangeAmount("1000", MV_TO_X, PRICES, 10n ** 21n)).toEqual({ value: 10n ** 21n });
  });
});

describe("exchange as a spending action", () => {
  const FACTS = { kind: MV_TO_X, prices: PRICES, maxExchangeable: 10n ** 21n, toleranceBps: 50 };

  it("quotes what it spends and the least the user agrees to receive", () => {
    // 10 MV at 1 USD buys 20 X at 0.5 USD; at least 0.5% less.
    const out = 20n * 10n ** 18n;
    expect(evaluate(exchange, "10", FACTS, { balance: 10n ** 20n }).quote).toEqual({
      spends: { token: "MV", amount: 10n ** 19n, mayTake: 10n ** 19n },
      args: [10n ** 19n, out - out / 200n],
    });
  });

  it("receives at least the figure less the user's tolerance: 0.1% and 1%", () => {
    const out = 20n * 10n ** 18n;
    expect(evaluate(exchange, "10", { ...FACTS, toleranceBps: 10 }).quote?.args).toEqual([10n ** 19n, out - out / 1_000n]);
    expect(evaluate(exchange, "10", { ...FACTS, toleranceBps: 100 }).quote?.args).toEqual([10n ** 19n, out - out / 100n]);
  });

  it("refuses above the day's maximum under the field, then a balance too low", () => {
    expect(evaluate(exchange, "2000", FACTS).fieldProblem).toEqual({ key: "errors:invalidAmountMv" });
    expect(evaluate(exchange, "10", FACTS, { balance: 10n ** 18n }).fieldProblem).toEqual({ key: "errors:mvNotEnough" });
  });

  it("has no quote, and says the figures are loading, until the route's prices are read", () => {
    expect(evaluate(exchange, "10", { ...FACTS, prices: undefined })).toEqual({ value: 10n ** 19n, quote: undefined, refusal: FIGURES_LOADING });
  });
});
