/**
 * Times and durations as the governance notices say them: a moment in the user's own time zone
 * with UTC beside it (an owner change applies at one instant everywhere; a reader comparing with
 * an announcement elsewhere needs the UTC), and a duration in whole days, hours, minutes, seconds.
 */

const STYLE = { dateStyle: "medium", timeStyle: "short" } as const;

/** The moment `seconds` (unix) in the device's time zone and in UTC, in `language`. */
export function whenText(seconds: number, language: string): { local: string; utc: string } {
  const date = new Date(seconds * 1000);
  return { local: date.toLocaleString(language, STYLE), utc: date.toLocaleString(language, { ...STYLE, timeZone: "UTC" }) };
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** `total` seconds in days, hours, minutes and seconds. */
export function durationParts(total: bigint): DurationParts {
  const value = Number(total);
  return { days: Math.floor(value / 86_400), hours: Math.floor((value % 86_400) / 3_600), minutes: Math.floor((value % 3_600) / 60), seconds: value % 60 };
}
