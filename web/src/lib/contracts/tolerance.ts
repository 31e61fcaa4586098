/**
 * The user's own bound on every priced action. Prices are the owner's to set, so each action
 * sends the figure the user was shown, moved by the user's price tolerance against them, and the
 * contract reverts past it (Uniswap's amountOutMin): synthesize(maxCost), exchange(minOut),
 * buy(minMvOut), claim(minAcb). The pages show the bound next to the figure, with the tolerance and
 * a way to change it (widgets/bound.tsx).
 *
 * The tolerance is a setting of the store (store/settings-slice.ts), in basis points: 0.5% unless
 * the user chose 0.1%, 1% or a value of their own from 0.01% to 5% (docs/product/rules.md §4);
 * what is typed for it is read by tolerance-input.ts, loaded with the settings.
 */
import { useAppStore } from "@/store";

const BPS = 10_000n;

/** The tolerance as a percentage, for the sentences that show it: 50 -> "0.5", 1 -> "0.01", 100 -> "1". */
export const tolerancePercent = (bps: number): string => String(bps / 100);

/** The user's tolerance, in basis points; a page's figures follow it when it changes. */
export const useToleranceBps = (): number => useAppStore((state) => state.toleranceBps);

/** The tolerance in force now, outside React (the message of a bound the price moved past). */
export const currentToleranceBps = (): number => useAppStore.getState().toleranceBps;

const share = (amount: bigint, bps: number) => (amount * BigInt(bps) + BPS - 1n) / BPS;

/** The most the user agrees to pay for what costs `amount` now, at `bps` (the tolerance rounded up). */
export function atMost(amount: bigint, bps: number): bigint {
  return amount + share(amount, bps);
}

/** The least the user agrees to receive for what pays `amount` now, at `bps`. */
export function atLeast(amount: bigint, bps: number): bigint {
  return amount - share(amount, bps);
}
