import type { StateCreator } from "zustand";

/**
 * The user's price tolerance on priced actions, in basis points (1 = 0.01%): how far the price may
 * move against them between the figure shown and the transaction mined before the contract refuses
 * it (lib/contracts/tolerance.ts, docs/product/rules.md §4). Kept on the device with the user part.
 */
export const DEFAULT_TOLERANCE_BPS = 50;
/** 0.01% to 5%: below, a bound the rounding alone could break; above, more than any price step. */
export const MIN_TOLERANCE_BPS = 1;
export const MAX_TOLERANCE_BPS = 500;

/** Whether `value` is a tolerance the app sends with: a whole number of basis points, 0.01% to 5%. */
export const isToleranceBps = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= MIN_TOLERANCE_BPS && (value as number) <= MAX_TOLERANCE_BPS;

export interface SettingsSlice {
  toleranceBps: number;
  /** Only a tolerance within the bounds is kept; anything else changes nothing. */
  setToleranceBps: (bps: number) => void;
}

/** The settings slice: it reads and writes only its own state (persisted with the user part). */
export const createSettingsSlice: StateCreator<SettingsSlice> = (set) => ({
  toleranceBps: DEFAULT_TOLERANCE_BPS,
  setToleranceBps: (bps) => {
    if (isToleranceBps(bps)) set({ toleranceBps: bps });
  },
});
