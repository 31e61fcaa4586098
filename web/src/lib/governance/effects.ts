/**
 * What a queued change does to one member's own figures, from what the page has read of them: the
 * figures a notice says beside the change itself (docs/decisions/governance.md).
 */
import { ONE } from "@/config/units";

export const BPS = 10_000n;

/** Machine revenue a day, in USD (18 decimals), of `activeValue` (whole USD of records still
 *  earning, Revenue.earningsOf) at `rateBps` a day: each record earns the rate of its value. */
export function dailyMachineRevenue(activeValue: bigint, rateBps: bigint): bigint {
  return (activeValue * ONE * rateBps) / BPS;
}

/** The VIP level (0 to 5) team performance `performance` (whole USD) reaches with `thresholds`
 *  (V1 to V5), as Community counts it: each threshold met in turn. */
export function vipLevelOf(performance: bigint, thresholds: readonly bigint[]): number {
  let level = 0;
  while (level < thresholds.length && performance >= thresholds[level]) level += 1;
  return level;
}

/** The dynamic revenue rate of VIP level `level` with `ratesBps` (V1 to V5): none at V0. */
export function vipRateOf(level: number, ratesBps: readonly bigint[]): bigint {
  return level === 0 ? 0n : ratesBps[level - 1];
}

/** The team performance VIP levels count now: what was gained today counts from the next 00:00 UTC (docs/product/contracts.md §7). */
export function settledPerformance(teamPerformance: bigint, teamPerformanceToday: bigint): bigint {
  return teamPerformance > teamPerformanceToday ? teamPerformance - teamPerformanceToday : 0n;
}
