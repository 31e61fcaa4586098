import { describe, expect, it } from "vitest";

import { evaluate, FIGURES_LOADING } from "@/lib/spending/spending-action";

import { acbFor, claiming, type ClaimFacts } from "./claim";

const E18 = 10n ** 18n;
const FACTS: ClaimFacts = { totalWaiting: 3n * E18, nextClaimAt: 1_000, acbPrice: 2n * E18, now: 1_000 };

describe("claiming as a spending action", () => {
  it("pays what waits in ACB, and sends at least that less the tolerance", () => {
    expect(acbFor(3n * E18, 2n * E18)).toBe(15n * 10n ** 17n);
    expect(evaluate(claiming, "", FACTS)).toEqual({ value: null, quote: { args: [15n * 10n ** 17n - (15n * 10n ** 17n) / 200n] }, refusal: undefined });
  });

  it("refuses in order: the interval, then nothing waiting", () => {
    expect(evaluate(claiming, "", { ...FACTS, nextClaimAt: 1_001, totalWaiting: 0n }).refusal).toEqual({ key: "errors:claimInterval" });
    expect(evaluate(claiming, "", { ...FACTS, totalWaiting: 0n }).refusal).toEqual({ key: "errors:rewardNotEnough" });
  });

  it("sends nothing before the earnings and the ACB price are read", () => {
    expect(evaluate(claiming, "", { ...FACTS, acbPrice: undefined })).toMatchObject({ quote: undefined, refusal: FIGURES_LOADING });
  });
});
