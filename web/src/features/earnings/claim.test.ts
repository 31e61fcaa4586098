import { describe, expect, it } from "vitest";

import { evaluate, FIGURES_LOADING } from "@/lib/spending/spending-action";

import { acbFor, claiming, payableNow, type ClaimFacts } from "./claim";

const E18 = 10n ** 18n;
const FACTS: ClaimFacts = { totalWaiting: 3n * E18, nextClaimAt: 1_000, acbPrice: 2n * E18, reserveUsd: 1_000n * E18, now: 1_000, toleranceBps: 50 };

describe("claiming as a spending action", () => {
  it("pays what waits in ACB, and sends at least that less the tolerance", () => {
    expect(acbFor(3n * E18, 2n * E18)).toBe(15n * 10n ** 17n);
    expect(evaluate(claiming, "", FACTS)).toEqual({ value: null, quote: { args: [15n * 10n ** 17n - (15n * 10n ** 17n) / 200n] }, refusal: undefined });
  });

  it("refuses in order: the interval, then nothing waiting, then a reserve that pays nothing", () => {
    expect(evaluate(claiming, "", { ...FACTS, nextClaimAt: 1_001, totalWaiting: 0n }).refusal).toEqual({ key: "errors:claimInterval" });
    expect(evaluate(claiming, "", { ...FACTS, totalWaiting: 0n, reserveUsd: 0n }).refusal).toEqual({ key: "errors:rewardNotEnough" });
    expect(evaluate(claiming, "", { ...FACTS, reserveUsd: 0n }).refusal).toEqual({ key: "errors:reserveShort" });
  });

  it("moves the least ACB by the user's tolerance: 1% asks 1% less", () => {
    expect(evaluate(claiming, "", { ...FACTS, toleranceBps: 100 }).quote).toEqual({ args: [15n * 10n ** 17n - (15n * 10n ** 17n) / 100n] });
  });

  it("asks at least what the reserve can pay when it is short, as Revenue pays only that", () => {
    expect(payableNow(3n * E18, E18)).toBe(E18);
    expect(payableNow(3n * E18, 5n * E18)).toBe(3n * E18);
    // 1 USD of the 3 waiting, at 2 USD an ACB: 0.5 ACB, less the tolerance.
    expect(evaluate(claiming, "", { ...FACTS, reserveUsd: E18 }).quote).toEqual({ args: [5n * 10n ** 17n - (5n * 10n ** 17n) / 200n] });
  });

  it("sends nothing before the earnings, the ACB price and the reserve are read", () => {
    expect(evaluate(claiming, "", { ...FACTS, totalWaiting: undefined })).toMatchObject({ quote: undefined, refusal: FIGURES_LOADING });
    expect(evaluate(claiming, "", { ...FACTS, acbPrice: undefined })).toMatchObject({ quote: undefined, refusal: FIGURES_LOADING });
    expect(evaluate(claiming, "", { ...FACTS, reserveUsd: undefined })).toMatchObject({ quote: undefined, refusal: FIGURES_LOADING });
  });
});
