import { describe, expect, it } from "vitest";

import { evaluate, FIGURES_LOADING } from "@/lib/spending/spending-action";

import { checkHashrate, synthesis, type Rule, type SynthesisFacts } from "./synthesis";
import { synthesisCost } from "./synthesis-cost";

const RULE: Rule = { multiple: 20n, minimum: 40n, price: 10n ** 18n, maxHashrate: 1_000_000n };

describe("checkHashrate", () => {
  it.each([
    ["", { key: "errors:enterMultiple", params: { multiple: 20 } }],
    ["1,000", { key: "errors:digitsOnly" }],
    ["1 000", { key: "errors:digitsOnly" }],
    ["1\u00A0000", { key: "errors:digitsOnly" }],
    ["1，000", { key: "errors:digitsOnly" }],
    // 0 is no multiple anyone can synthesise: the multiple is what the user needs to hear.
    ["0", { key: "errors:multipleRequired", params: { multiple: 20 } }],
    ["000", { key: "errors:multipleRequired", params: { multiple: 20 } }],
    ["50", { key: "errors:multipleRequired", params: { multiple: 20 } }],
    ["40.0", { key: "errors:digitsOnly" }],
    ["1.000", { key: "errors:digitsOnly" }],
    ["+100", { key: "errors:digitsOnly" }],
    ["100.", { key: "errors:digitsOnly" }],
    ["1e3", { key: "errors:digitsOnly" }],
    ["0x64", { key: "errors:digitsOnly" }],
    ["-20", { key: "errors:digitsOnly" }],
    ["20", { key: "errors:enterMultiple", params: { multiple: 20 } }],
    ["1000020", { key: "errors:hashrateTooLarge", params: { max: "1,000,000" } }],
  ])("refuses %j with %o", (text, problem) => {
    expect(checkHashrate(text, RULE)).toEqual({ problem });
  });

  it("takes a multiple at or above the lowest", () => {
    expect(checkHashrate("1000", RULE)).toEqual({ value: 1000n });
  });

  it("takes exactly the lowest and exactly the largest", () => {
    expect(checkHashrate("40", RULE)).toEqual({ value: 40n });
    expect(checkHashrate("1000000", RULE)).toEqual({ value: 1_000_000n });
  });
});

describe("synthesis as a spending action", () => {
  const FACTS: SynthesisFacts = { token: "USDT", rule: { ...RULE, price: 2n * 10n ** 18n }, registered: true, outBacklog: false, toleranceBps: 50 };

  it("waits for the rule before it checks anything", () => {
    expect(evaluate(synthesis, "1000", { ...FACTS, rule: undefined })).toEqual({ fieldProblem: FIGURES_LOADING });
  });

  it("quotes the cost, the most it may take, and the call's arguments with that bound", () => {
    // 1000 hashrate at 2 USD a token: 500 tokens; at most 0.5% more.
    const cost = 500n * 10n ** 18n;
    const maxCost = cost + (cost * 50n + 9_999n) / 10_000n;
    expect(evaluate(synthesis, "1000", FACTS, { balance: 10n ** 24n })).toEqual({
      value: 1000n,
      quote: { spends: { token: "USDT", amount: cost, mayTake: maxCost }, args: [1000n, maxCost] },
      refusal: undefined,
    });
  });

  it("takes the most it may cost, and what is authorised, from the user's tolerance", () => {
    const cost = 500n * 10n ** 18n;
    for (const [bps, maxCost] of [[10, cost + cost / 1_000n], [100, cost + cost / 100n], [500, cost + cost / 20n]] as const) {
      expect(evaluate(synthesis, "1000", { ...FACTS, toleranceBps: bps }).quote).toEqual({
        spends: { token: "USDT", amount: cost, mayTake: maxCost },
        args: [1000n, maxCost],
      });
    }
  });

  it("refuses in order: the field, the balance, then registration, then the backlog", () => {
    const poor = { balance: 10n ** 18n };
    expect(evaluate(synthesis, "50", { ...FACTS, registered: false }, poor).fieldProblem).toEqual({ key: "errors:multipleRequired", params: { multiple: 20 } });
    expect(evaluate(synthesis, "1000", { ...FACTS, registered: false }, poor).fieldProblem).toEqual({ key: "errors:tokenNotEnough", params: { token: "USDT" } });
    expect(evaluate(synthesis, "1000", { ...FACTS, registered: false, outBacklog: true }).refusal).toEqual({ key: "errors:notRegistered" });
    expect(evaluate(synthesis, "1000", { ...FACTS, outBacklog: true }).refusal).toEqual({ key: "errors:outBacklog" });
    // Not read yet is not a refusal: the buttons wait for the figures instead.
    expect(evaluate(synthesis, "1000", { ...FACTS, registered: undefined, outBacklog: undefined }).refusal).toBeUndefined();
  });

  it("rounds the cost up, as Main does (test/contracts/ClientCost.test.ts checks it against Main.costOf)", () => {
    expect(synthesisCost(1n, 3n * 10n ** 18n)).toBe(333_333_333_333_333_334n);
    expect(synthesisCost(3n, 3n * 10n ** 18n)).toBe(10n ** 18n);
  });
});

describe("synthesis's quote", () => {
  it("prices nothing before the rule is read", () => {
    expect(synthesis.quote(100n, { token: "USDT", rule: undefined, registered: true, outBacklog: false, toleranceBps: 50 })).toBeUndefined();
  });
});
