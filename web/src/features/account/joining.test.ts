import { describe, expect, it } from "vitest";

import { evaluate } from "@/lib/spending/spending-action";

import { joining } from "./joining";

const ME = "0x1111111111111111111111111111111111111111";
const INVITER = "0x2222222222222222222222222222222222222222";

describe("joining on chain as a spending action", () => {
  it.each([
    ["", { key: "errors:enterReferrer" }],
    ["0x12", { key: "errors:incorrectFormat" }],
    [ME, { key: "errors:selfReferral" }],
  ])("refuses %j under the field", (text, problem) => {
    expect(evaluate(joining, text, { account: ME, referrerIsMember: true }).fieldProblem).toEqual(problem);
  });

  it("refuses a referrer the chain says is no member, and joins under one it knows", () => {
    expect(evaluate(joining, INVITER, { account: ME, referrerIsMember: false }).fieldProblem).toEqual({ key: "errors:unknownReferrer" });
    expect(evaluate(joining, INVITER, { account: ME, referrerIsMember: true })).toEqual({ value: INVITER, quote: { args: [INVITER] }, refusal: undefined });
    // Not asked yet: the submit asks the chain (or lets the contract refuse if it cannot be asked).
    expect(evaluate(joining, INVITER, { account: ME, referrerIsMember: undefined }).quote).toEqual({ args: [INVITER] });
  });
});
