/** Display helpers shared by every screen. */
import { formatUnits } from "ethers/utils";

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** A token amount (18 decimals) for display: grouped, at most `digits` decimals, never rounded up. */
export function formatAmount(value: bigint, digits = 4, decimals = 18): string {
  const [whole, fraction = ""] = formatUnits(value, decimals).split(".");
  const grouped = BigInt(whole).toLocaleString("en-US");
  const trimmed = fraction.slice(0, digits).replace(/0+$/, "");
  return trimmed ? `${grouped}.${trimmed}` : grouped;
}

/** An amount as the user would type it (the Max of an amount field): every decimal, no grouping. */
export function amountText(value: bigint, decimals = 18): string {
  return formatUnits(value, decimals).replace(/\.0$/, "");
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
