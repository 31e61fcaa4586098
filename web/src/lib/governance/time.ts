/**
 * Durations as the governance notices say them, in whole days, hours, minutes, seconds. Their
 * moments (the user's zone with UTC beside it) are lib/format/time-zone.ts's `whenText`.
 */

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
