import { describe, expect, it } from "vitest";

import { evaluate } from "@/lib/spending/spending-action";

import { ORDER_STATUS, withdrawal } from "./withdrawal";

const SELLER = "0x1111111111111111111111111111111111111111";
const ORDER = { index: 7n, seller: SELLER, status: ORDER_STATUS.Active };

describe("taking an order out as a spending action", () => {
  it("takes out the order chosen, by its seller", () => {
    expect(evaluate(withdrawal, "", { order: ORDER, account: SELLER.toUpperCase().replace("0X", "0x") })).toEqual({ value: 7n, quote: { args: [7n] }, refusal: undefined });
  });

  it("refuses another's order, then one no longer active", () => {
    expect(evaluate(withdrawal, "", { order: ORDER, account: "0x2222222222222222222222222222222222222222" }).refusal).toEqual({ key: "errors:notSeller" });
    expect(evaluate(withdrawal, "", { order: ORDER, account: null }).refusal).toEqual({ key: "errors:notSeller" });
    expect(evaluate(withdrawal, "", { order: { ...ORDER, status: ORDER_STATUS.SoldOut }, account: SELLER }).refusal).toEqual({ key: "errors:orderNotActive" });
  });
});
