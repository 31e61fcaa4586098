/**
 * How the chain tasks write figures in their lines: amounts in whole tokens with thousands
 * separators, times in UTC with how far they are from the chain's clock, durations in the units
 * the tasks take ("8m 20s"), so a line can be read, and a duration copied back into a command.
 */
import { formatUnits } from "ethers";

/** `value` in whole units of `decimals` decimals, with at most `maxFraction` of them shown (cut, not rounded). */
export function amount(value: bigint, decimals = 18, maxFraction = 6): string {
  const [whole, fraction = ""] = formatUnits(value, decimals).split(".");
  const shown = fraction.slice(0, maxFraction).replace(/0+$/, "");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return shown ? `${grouped}.${shown}` : grouped;
}

/** A unix time as "2025-05-01 10:00:00 UTC". */
export function utc(seconds: bigint | number): string {
  return `${new Date(Number(seconds) * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, "")} UTC`;
}

/** Seconds as "1d 2h 3m 4s" (parts that are 0 left out; "0s" for none); `separator` "" gives "1d2h3m4s", a duration the tasks take. */
export function span(seconds: bigint | number, separator = " "): string {
  let left = Number(seconds);
  const parts: string[] = [];
  for (const [unit, size] of [["d", 86_400], ["h", 3_600], ["m", 60], ["s", 1]] as const) {
    const count = Math.floor(left / size);
    left -= count * size;
    if (count > 0) parts.push(`${count}${unit}`);
  }
  return parts.length > 0 ? parts.join(separator) : "0s";
}

/** When `at` is from the chain's `now`: "now", "in 8m 20s" or "8m 20s ago". */
export function fromNow(at: bigint | number, now: bigint | number): string {
  const delta = Number(at) - Number(now);
  if (delta === 0) return "now";
  return delta > 0 ? `in ${span(delta)}` : `${span(-delta)} ago`;
}

/** A unix time with how far it is from the chain's clock: "2025-05-01 10:00:00 UTC (in 10m)". */
export function when(at: bigint | number, now: bigint | number): string {
  return `${utc(at)} (${fromNow(at, now)})`;
}
