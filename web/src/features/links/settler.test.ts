import { describe, expect, it } from "vitest";

import { evaluate } from "@/lib/spending/spending-action";

import { settlerChange, type SettlerFacts } from "./settler";

const CURRENT = "0x1111111111111111111111111111111111111111";
const OTHER = "0x2222222222222222222222222222222222222222";
const FACTS: SettlerFacts = { current: CURRENT, registered: true, kind: "wallet", confirmedWallet: false };

describe("changing the settler as a spending action", () => {
  it.each([
    ["", { key: "errors:enterSettler" }],
    ["0x123", { key: "errors:incorrectFormat" }],
    [CURRENT.toUpperCase().replace("0X", "0x"), { key: "errors:sameSettler" }],
    ["0xcA11bde05977b3631167028862bE2a173976CA11", { key: "errors:unownedSettler" }],
  ])("refuses %j under the field", (text, problem) => {
    expect(evaluate(settlerChange, text, FACTS).fieldProblem).toEqual(problem);
  });

  it("refuses one of the product's contracts under the field, once the chain has said so", () => {
    expect(evaluate(settlerChange, OTHER, { ...FACTS, kind: "product" }).fieldProblem).toEqual({ key: "errors:productSettler" });
  });

  it("refuses another contract until the member confirms it is a wallet they control", () => {
    expect(evaluate(settlerChange, OTHER, { ...FACTS, kind: "contract" }).fieldProblem).toEqual({ key: "errors:confirmContractSettler" });
    expect(evaluate(settlerChange, OTHER, { ...FACTS, kind: "contract", confirmedWallet: true })).toMatchObject({ value: OTHER, refusal: undefined });
  });

  it("sends the address typed, when the member is registered", () => {
    expect(evaluate(settlerChange, OTHER, FACTS)).toEqual({ value: OTHER, quote: { args: [OTHER] }, refusal: undefined });
    expect(evaluate(settlerChange, OTHER, { ...FACTS, registered: false }).refusal).toEqual({ key: "errors:notRegistered" });
  });
});
