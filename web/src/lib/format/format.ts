/** Display helpers shared by every screen. */
import { toDecimalText } from "./decimal";

/** Whether two addresses are the same account, whatever the case of their hex (checksummed or not). */
export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/**
 * A whole number with its thousands grouped as "en-US" writes them ("1,234,567"), whatever the
 * user's language (amounts read the same in every one). Not `toLocaleString("en-US")`: the first
 * number the page formatted that way loaded the browser's number-format data, 45 ms of the long
 * task that shows a screen's figures on a slow phone (docs/performance.md §3).
 */
export function groupDigits(value: bigint): string {
  const digits = value < 0n ? (-value).toString() : value.toString();
  return `${value < 0n ? "-" : ""}${digits.replace(/\B(?=(\d{3})+$)/g, ",")}`;
}

/**
 * The fewest decimals an amount that is not zero is given before it is called tiny: a figure cut to
 * fewer would read "0" ("0 USD", "You receive 0 X") while something is there.
 */
const TINY_DIGITS = 6;

/**
 * A token amount (18 decimals) for display: grouped, at most `digits` decimals, never rounded up.
 * An amount that is not zero but would show as 0 gets up to 6 decimals, and below that reads
 * "< 0.000001"; only a true zero is "0".
 */
export function formatAmount(value: bigint, digits = 4, decimals = 18): string {
  const [whole, fraction = ""] = toDecimalText(value, decimals).split(".");
  const grouped = groupDigits(BigInt(whole));
  const trimmed = fraction.slice(0, digits).replace(/0+$/, "");
  if (trimmed || whole !== "0" || value === 0n || digits >= decimals) return trimmed ? `${grouped}.${trimmed}` : grouped;
  const shown = Math.min(Math.max(digits, TINY_DIGITS), decimals);
  const finer = fraction.slice(0, shown).replace(/0+$/, "");
  return finer ? `0.${finer}` : `< 0.${"0".repeat(shown - 1)}1`;
}

/** Allowances this large are "unlimited": wallets and dApps grant 2^256 - 1, some a little less. */
const UNLIMITED = 2n ** 255n;
export const isUnlimited = (allowance: bigint) => allowance >= UNLIMITED;

const COMPACT_UNITS = [
  { size: 10n ** 12n, suffix: "T" },
  { size: 10n ** 9n, suffix: "B" },
  { size: 10n ** 6n, suffix: "M" },
  { size: 10n ** 3n, suffix: "K" },
];

/**
 * An amount (18 decimals) in at most about 8 characters, for tiles: below 10,000 as formatAmount
 * with up to 4 significant decimals (so a tiny one reads "< 0.000001", never "0"); above, whole
 * units grouped (99,993) up to 1,000,000, then 1.23M, 4.5B. Never rounded up: a balance is never
 * shown larger than it is.
 */
export function formatCompact(value: bigint, decimals = 18): string {
  const unit = 10n ** BigInt(decimals);
  const whole = value / unit;
  if (whole < 10_000n) return formatAmount(value, whole >= 1_000n ? 2 : 4, decimals);
  if (whole < 1_000_000n) return groupDigits(whole);
  const { size, suffix } = COMPACT_UNITS.find((candidate) => whole >= candidate.size) ?? COMPACT_UNITS[2];
  const hundredths = (whole * 100n) / size;
  const integer = hundredths / 100n;
  const fraction = String(hundredths % 100n).padStart(2, "0").replace(/0+$/, "");
  return `${groupDigits(integer)}${fraction ? `.${fraction}` : ""}${suffix}`;
}

/** An amount as the user would type it (the Max of an amount field): every decimal, no grouping. */
export function amountText(value: bigint, decimals = 18): string {
  return toDecimalText(value, decimals);
}

/** Seconds as h:mm:ss (or m:ss under an hour). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** A moment in the user's language: "Nov 21, 2026, 10:05 AM", or shorter. */
export function formatTime(date: Date, language: string, dateStyle: "short" | "medium" = "medium"): string {
  return date.toLocaleString(language, { dateStyle, timeStyle: "short" });
}
