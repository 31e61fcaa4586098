/**
 * Revenue's coverage (`coverage()`: what claims paid ever plus the reserve's worth, over that plus
 * the promise; docs/product/contracts.md §6): below 1, each member may receive that share of all
 * they were ever owed. A module of its own, so that the pages that only ask whether it is short
 * (the home page, the notices' loader) load nothing more.
 */

/** Revenue.coverage(): [coveredUsd, owedUsd]. */
export type Coverage = readonly [coveredUsd: bigint, owedUsd: bigint];

/** Whether Revenue's reserve is short of its promise. */
export const isShort = (coverage: Coverage | undefined): coverage is Coverage => coverage !== undefined && coverage[0] < coverage[1];
