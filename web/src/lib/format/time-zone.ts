/**
 * Moments as the chain counts them (UTC) beside the user's clock (docs/product/messages.md §1). A
 * module of its own, apart from format.ts, so that the home route's first download does without it.
 */

/** A moment in UTC, as the chain counts time, short and the same in every language (beside or on
 *  hover of a local time, LocalTime): "2026-11-28 15:00 UTC". */
export function utcTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

const DAY_MS = 86_400_000;

/** The user's clock time at the chain's next day boundary, 00:00 UTC ("08:00" in Shanghai): the
 *  contracts count days by UTC (docs/product/contracts.md §7), the user reads their own clock. */
export function nextUtcMidnightLocal(language: string, now: number = Date.now()): string {
  return new Date(Math.floor(now / DAY_MS + 1) * DAY_MS).toLocaleTimeString(language, { timeStyle: "short" });
}

const SENTENCE_STYLE = { dateStyle: "medium", timeStyle: "short" } as const;

/** The moment `seconds` (unix) in the device's time zone and in UTC, both in `language`, for a
 *  sentence that says both (the governance notices: an owner change applies at one instant
 *  everywhere, and a reader comparing with an announcement elsewhere needs the UTC). */
export function whenText(seconds: number, language: string): { local: string; utc: string } {
  const date = new Date(seconds * 1000);
  return { local: date.toLocaleString(language, SENTENCE_STYLE), utc: date.toLocaleString(language, { ...SENTENCE_STYLE, timeZone: "UTC" }) };
}
