/** Fixed-point units the contracts use. (Their limits are read from the chain: Main.maxHashrate...) */

/** One whole token, and one US dollar in prices: both have 18 decimals. */
export const ONE = 10n ** 18n;
