/**
 * Time buckets of the charts' tables (ponder.schema.ts: market_hour, market_day, claim_day): UTC
 * hours and days, each named by its first second. Unix time has no leap seconds, so a UTC day is
 * always 86,400 of them.
 */
export const HOUR = 3_600n;
export const DAY = 86_400n;

/** The first second of the bucket of `length` seconds that `time` (unix seconds) falls in. */
export function bucketStart(time: bigint, length: bigint): bigint {
  return time - (time % length);
}
