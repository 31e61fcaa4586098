/**
 * The user's own bound on every priced action. Prices are the owner's to set, so each action
 * sends the figure the user was shown, moved by the user's price tolerance against them, and the
 * contract reverts past it (Uniswap's amountOutMin): synthesize(maxCost), exchange(minOut),
 * buy(minMvOut), claim(minAcb). The pages show the bound next to the figure, with the tolerance and
 * a way to change it (widgets/bound.tsx).
 *
 * The tolerance is a setting of the store (store/settings-slice.ts), in basis points: 0.5% unless
 * the user chose 0.1%, 1% or a value of their own from 0.01% to 5% (docs/product/rules.md §4).
 */
import type { Message } from "@/i18n/message";
import { useAppStore } from "@/store";
import { MAX_TOLERANCE_BPS, MIN_TOLERANCE_BPS } from "@/store/settings-slice";

export { DEFAULT_TOLERANCE_BPS, MAX_TOLERANCE_BPS, MIN_TOLERANCE_BPS, isToleranceBps } from "@/store/settings-slice";

const BPS = 10_000n;

/** The choices offered before a value of one's own: 0.1%, 0.5% (the default) and 1%. */
export const TOLERANCE_PRESETS_BPS = [10, 50, 100] as const;

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

/** A tolerance typed in percent, or why it cannot be used. */
export type ParsedTolerance = { bps: number } | { problem: Message };

const RANGE: Message = { key: "errors:toleranceRange", params: { min: tolerancePercent(MIN_TOLERANCE_BPS), max: tolerancePercent(MAX_TOLERANCE_BPS) } };

/**
 * A tolerance of the user's own, typed in percent ("0.3", "0.3 %", "２" in full-width digits): a
 * number with at most two decimals, from 0.01 to 5. Empty, anything else, or out of range: the
 * reason, and nothing is kept (the bound sent stays what it was).
 */
export function parseTolerancePercent(text: string): ParsedTolerance {
  const typed = text.normalize("NFKC").trim().replace(/\s*%$/, "");
  if (typed === "") return { problem: RANGE };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(typed);
  if (!match || (match[1] === "" && !match[2])) return { problem: { key: "errors:toleranceFormat" } };
  const [, whole, fraction = ""] = match;
  if (fraction.length > 2) return { problem: { key: "errors:toleranceDecimals" } };
  // Whole basis points, read from the digits (no floating point): "0.25" -> 25, "5" -> 500.
  const bps = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  if (bps < MIN_TOLERANCE_BPS || bps > MAX_TOLERANCE_BPS) return { problem: RANGE };
  return { bps };
}
