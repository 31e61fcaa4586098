import { describe, expect, it } from "vitest";

import { checkExchangeAmount } from "./exchange";
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

  it("takes an amount that buys something", () => {
    expect(checkExchangeAmount("1000", MV_TO_X, PRICES, 10n ** 21n)).toEqual({ value: 10n ** 21n });
  });
});
