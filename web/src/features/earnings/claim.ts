/**
 * Claiming as a spending action (lib/spending/spending-action.ts), with no field: what the member
 * may claim now (Revenue's `claimableUsd`: all that waits, or while the reserve is short the
 * member's share of all they were ever owed: docs/product/contracts.md §6), paid in ACB to the
 * settler, and the least ACB the member agrees to receive. Revenue enforces the same conditions;
 * these only save the member a failed transaction.
 */
import { ONE } from "@/config/units";
import { atLeast } from "@/lib/contracts/tolerance";
import type { SpendingAction } from "@/lib/spending/spending-action";

/** What the profile page has read; undefined until read. `now` is the chain's time, in seconds. */
export interface ClaimFacts {
  totalWaiting: bigint | undefined;
  nextClaimAt: number | undefined;
  acbPrice: bigint | undefined;
  /** What a claim pays now, in USD, as Revenue computes it (`claimableUsd`). */
  claimableUsd: bigint | undefined;
  now: number;
  /** The user's price tolerance, in basis points (lib/contracts/tolerance.ts). */
  toleranceBps: number;
}

/** The ACB that `totalWaiting` USD buys at `acbPrice` (USD, 18 decimals), rounded down as Revenue does. */
export function acbFor(totalWaiting: bigint, acbPrice: bigint): bigint {
  return (totalWaiting * ONE) / acbPrice;
}

/** claim(minAcb): what the page shows, less the user's tolerance (more accrues while the wallet is open). */
export const claiming: SpendingAction<ClaimFacts, null, [minAcb: bigint]> = {
  parse: () => ({ value: null }),
  quote: (_nothing, { totalWaiting, acbPrice, claimableUsd, toleranceBps }) =>
    totalWaiting === undefined || acbPrice === undefined || claimableUsd === undefined
      ? undefined
      : { args: [atLeast(acbFor(claimableUsd, acbPrice), toleranceBps)] },
  // The interval first, then whether anything waits, then whether the reserve pays any of it.
  precheck: ({ totalWaiting, nextClaimAt, now, claimableUsd }) =>
    nextClaimAt !== undefined && nextClaimAt > now
      ? { key: "errors:claimInterval" }
      : totalWaiting === 0n
        ? { key: "errors:rewardNotEnough" }
        : claimableUsd === 0n
          ? { key: "errors:reserveShort" }
          : undefined,
};
