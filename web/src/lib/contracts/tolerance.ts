/**
 * The user's own bound on every priced action. Prices are the owner's to set, so each action
 * sends the figure the user was shown, moved by a small tolerance against the user, and the
 * contract reverts past it (Uniswap's amountOutMin): synthesize(maxCost), exchange(minOut),
 * buy(minMvOut), claim(minAcb). The pages show the bound next to the figure.
 */

const BPS = 10_000n;

/** 0.5%: covers rounding and a price step landing while the wallet is open, never a real move. */
export const TOLERANCE_BPS = 50n;

/** The tolerance as a percentage, for the sentence that shows it ("0.5"). */
export const TOLERANCE_PERCENT = String(Number(TOLERANCE_BPS) / 100);

const share = (amount: bigint) => (amount * TOLERANCE_BPS + BPS - 1n) / BPS;

/** The most the user agrees to pay for what costs `amount` now (the tolerance rounded up). */
export function atMost(amount: bigint): bigint {
  return amount + share(amount);
}

/** The least the user agrees to receive for what pays `amount` now. */
export function atLeast(amount: bigint): bigint {
  return amount - share(amount);
}
