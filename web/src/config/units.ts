/** Fixed-point units the contracts use, and their limits. */

/** One whole token, and one US dollar in prices: both have 18 decimals. */
export const ONE = 10n ** 18n;

/** The largest hashrate one synthesis accepts (Main's MAX_POWER per call). */
export const MAX_HASHRATE = 1_000_000_000n;
