/**
 * Claiming as a spending action (lib/spending/spending-action.ts), with no field: what waits, paid
 * in ACB to the settler as far as the revenue reserve goes (docs/product/contracts.md §6), and the
 * least ACB the member agrees to receive. Revenue enforces the same conditions; these only save
 * the member a failed transaction.
 */
import { ONE } from "@/config/units";
import { atLeast } from "@/lib/contracts/tolerance";
import type { SpendingAction } from "@/lib/spending/spending-action";

/** What the profile page has read; undefined until read. `now` is the chain's time, in seconds. */
export interface ClaimFacts {
  totalWaiting: bigint | undefined;
  nextClaimAt: number | undefined;
  acbPrice: bigint | undefined;
  /** What Revenue's ACB is worth now (Revenue.backing): a claim pays at most this. */
  reserveUsd: bigint | undefined;
  now: number;
  /** The user's price tolerance, in basis points (lib/contracts/tolerance.ts). */
  toleranceBps: number;
}

/** What a claim pays now, in USD: everything waiting, or what the reserve can pay when that is less. */
export function payableNow(totalWaiting: bigint, reserveUsd: bigint): bigint {
  return totalWaiting < reserveUsd ? totalWaiting : reserveUsd;
}

/** The ACB that `totalWaiting` USD buys at `acbPrice` (USD, 18 decimals), rounded down as Revenue does. */
export function acbFor(totalWaiting: bigint, acbPrice: bigint): bigint {
  return (totalWaiting * ONE) / acbPrice;
}

/** claim(minAcb): what the page shows, less the user's tolerance (more accrues while the wallet is open). */
export const claiming: SpendingAction<ClaimFacts, null, [minAcb: bigint]> = {
  parse: () => ({ value: null }),
  quote: (_nothing, { totalWaiting, acbPrice, reserveUsd, toleranceBps }) =>
    totalWaiting === undefined || acbPrice === undefined || reserveUsd === undefined
      ? undefined
      : { args: [atLeast(acbFor(payableNow(totalWaiting, reserveUsd), acbPrice), toleranceBps)] },
  // The interval first, then whether anything waits, then whether the reserve pays any of it.
  precheck: ({ totalWaiting, nextClaimAt, now, reserveUsd }) =>
    nextClaimAt !== undefined && nextClaimAt > now
      ? { key: "errors:claimInterval" }
      : totalWaiting === 0n
        ? { key: "errors:rewardNotEnough" }
        : reserveUsd === 0n
          ? { key: "errors:reserveShort" }
          : undefined,
};
