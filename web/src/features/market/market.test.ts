import { describe, expect, it } from "vitest";

import { checkBuyAmount, checkListAmount } from "./market";

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
