/**
 * The tolerance's settings (widgets/tolerance-settings.tsx): the choices offered, and a value of the
 * user's own as typed. Loaded with the settings, not with the priced pages.
 */
import type { Message } from "@/i18n/message";
import { parseDecimal } from "@/lib/format/parse";
import { MAX_TOLERANCE_BPS, MIN_TOLERANCE_BPS, isToleranceBps } from "@/store/settings-slice";

import { tolerancePercent } from "./tolerance";

/** The choices offered before a value of one's own: 0.1%, 0.5% (the default) and 1%. */
export const TOLERANCE_PRESETS_BPS = [10, 50, 100] as const;

/** A tolerance typed in percent, or why it cannot be used. */
type ParsedTolerance = { bps: number } | { problem: Message };

const RANGE: Message = { key: "errors:toleranceRange", params: { min: tolerancePercent(MIN_TOLERANCE_BPS), max: tolerancePercent(MAX_TOLERANCE_BPS) } };

/**
 * A tolerance of the user's own, typed in percent ("0.3", "0.3 %", "２" in full-width digits): a
 * number with at most two decimals, from 0.01 to 5. Empty, anything else, or out of range: the
 * reason, and nothing is kept (the bound sent stays what it was).
 */
export function parseTolerancePercent(text: string): ParsedTolerance {
  const typed = text.normalize("NFKC").trim().replace(/\s*%$/, "");
  // Whole basis points, read from the digits by the app's number reader (no floating point):
  // "0.25" -> 25, "5" -> 500.
  const read = parseDecimal(typed, 2);
  if (!read.ok) {
    if (read.reason === "empty") return { problem: RANGE };
    return { problem: { key: parseDecimal(typed, 18).ok ? "errors:toleranceDecimals" : "errors:toleranceFormat" } };
  }
  const bps = Number(read.value);
  return isToleranceBps(bps) ? { bps } : { problem: RANGE };
}
