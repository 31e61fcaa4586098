import { describe, expect, it } from "vitest";

import { evaluate, FIGURES_LOADING, isAuthorized, type Quote, type SpendingAction } from "./spending-action";

const spending = (mayTake: bigint): Quote<[bigint]> => ({ spends: { token: "USDT", amount: mayTake - 1n, mayTake }, args: [mayTake] });

describe("isAuthorized (approve-then-act: whether the authorisation step is done)", () => {
  it("needs an allowance of at least what the call may take, not what it costs now", () => {
    expect(isAuthorized(spending(10n), 11n)).toBe(true);
    expect(isAuthorized(spending(10n), 10n)).toBe(true);
    expect(isAuthorized(spending(10n), 9n)).toBe(false);
  });

  it("is not done while the allowance is not read", () => {
    expect(isAuthorized(spending(10n), undefined)).toBe(false);
  });

  it("needs nothing for an action that spends nothing, and is not done before there is a quote", () => {
    expect(isAuthorized({ args: [] }, undefined)).toBe(true);
    expect(isAuthorized(undefined, 10n)).toBe(false);
    expect(isAuthorized(undefined, undefined)).toBe(false);
  });
});

describe("evaluate", () => {
  /** An action with no field, spending nothing (as a claim). */
  const free: SpendingAction<{ ready: boolean }, null, []> = {
    parse: () => ({ value: null }),
    quote: (_value, { ready }) => (ready ? { args: [] } : undefined),
  };

  it("checks no balance for an action that spends nothing, whatever the balance", () => {
    expect(evaluate(free, "", { ready: true }, { balance: 0n })).toEqual({ value: null, quote: { args: [] }, refusal: undefined });
  });

  it("waits for the figures when there is no quote yet", () => {
    expect(evaluate(free, "", { ready: false }, { balance: 0n }).refusal).toBe(FIGURES_LOADING);
  });
});
