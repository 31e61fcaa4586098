import { describe, expect, it } from "vitest";

import { evaluate, FIGURES_LOADING } from "@/lib/spending/spending-action";

import { acbFor, claiming, type ClaimFacts } from "./claim";

const E18 = 10n ** 18n;
const FACTS: ClaimFacts = { totalWaiting: 3n * E18, nextClaimAt: 1_000, acbPrice: 2n * E18, claimableUsd: 3n * E18, now: 1_000, toleranceBps: 50 };

describe("claiming as a spending action", () => {
  it("pays what waits in ACB, and sends at least that less the tolerance", () => {
    expect(acbFor(3n * E18, 2n * E18)).toBe(15n * 10n ** 17n);
    expect(evaluate(claiming, "", FACTS)).toEqual({ value: null, quote: { args: [15n * 10n ** 17n - (15n * 10n ** 17n) / 200n] }, refusal: undefined });
  });

  it("refuses in order: the interval, then nothing waiting, then a reserve that pays nothing", () => {
    expect(evaluate(claiming, "", { ...FACTS, nextClaimAt: 1_001, totalWaiting: 0n }).refusal).toEqual({ key: "errors:claimInterval" });
    expect(evaluate(claiming, "", { ...FACTS, totalWaiting: 0n, claimableUsd: 0n }).refusal).toEqual({ key: "errors:rewardNotEnough" });
    expect(evaluate(claiming, "", { ...FACTS, claimableUsd: 0n }).refusal).toEqual({ key: "errors:reserveShort" });
  });

  it("moves the least ACB by the user's tolerance: 1% asks 1% less", () => {
    expect(evaluate(claiming, "", { ...FACTS, toleranceBps: 100 }).quote).toEqual({ args: [15n * 10n ** 17n - (15n * 10n ** 17n) / 100n] });
  });

  it("asks at least what Revenue says a claim pays now: in a shortfall, the member's share, not all that waits", () => {
    // 0.75 USD of the 3 waiting (Revenue's claimableUsd), at 2 USD an ACB: 0.375 ACB, less the tolerance.
    expect(evaluate(claiming, "", { ...FACTS, claimableUsd: 75n * 10n ** 16n }).quote).toEqual({ args: [375n * 10n ** 15n - (375n * 10n ** 15n) / 200n] });
  });

  it("sends nothing before the earnings, the ACB price and what a claim pays are read", () => {
    expect(evaluate(claiming, "", { ...FACTS, totalWaiting: undefined })).toMatchObject({ quote: undefined, refusal: FIGURES_LOADING });
    expect(evaluate(claiming, "", { ...FACTS, acbPrice: undefined })).toMatchObject({ quote: undefined, refusal: FIGURES_LOADING });
    expect(evaluate(claiming, "", { ...FACTS, claimableUsd: undefined })).toMatchObject({ quote: undefined, refusal: FIGURES_LOADING });
  });
});
