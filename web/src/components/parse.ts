/**
 * Parsing what users type. A field shows exactly what was typed; these decide whether it is a
 * usable value, and nothing else changes it.
 *
 * Numbers: one parser for every field. Digits with at most `decimals` decimals and nothing else: no
 * sign, exponent, grouping or letters. Full-width digits and point (a Chinese keyboard's "４０．５")
 * read as their ASCII forms, which is what the user meant. Hashrate uses 0 decimals, so "40.0" is
 * refused rather than read as 40 (or, as a field that dropped the point once did, as 400).
 * Addresses: 0x and 40 hex digits, with a valid checksum when mixed case.
 */
import { getAddress } from "ethers/address";
import { ZeroAddress } from "ethers/constants";

import { fromDecimalDigits } from "./decimal";

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: "empty" | "invalid" };

const DECIMAL = /^(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/** `text` as a number with at most `decimals` decimals, in its smallest unit ("1.5", 18 -> 1.5e18). */
export function parseDecimal(text: string, decimals: number): Parsed<bigint> {
  const trimmed = text.normalize("NFKC").trim();
  if (trimmed === "") return { ok: false, reason: "empty" };
  const match = DECIMAL.exec(trimmed);
  if (!match) return { ok: false, reason: "invalid" };
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? match[3] ?? "").replace(/0+$/, "");
  // "40.0" is 40 only where decimals are allowed at all: a whole-number field refuses any point.
  if (decimals === 0 && trimmed.includes(".")) return { ok: false, reason: "invalid" };
  if (fraction.length > decimals) return { ok: false, reason: "invalid" };
  return { ok: true, value: fromDecimalDigits(whole, fraction, decimals) };
}

/** A token amount: up to the token's decimals (18 for every product token). */
export function parseAmount(text: string, decimals = 18): Parsed<bigint> {
  return parseDecimal(text, decimals);
}

/** A whole number (hashrate units). */
export function parseWhole(text: string): Parsed<bigint> {
  return parseDecimal(text, 0);
}

/** A wallet address, checksummed. Mixed case must be a valid checksum; the zero address is no one. */
export function parseAddress(text: string): Parsed<string> {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, reason: "empty" };
  if (!/^0x[0-9a-fA-F]{40}$/.test(trimmed)) return { ok: false, reason: "invalid" };
  try {
    const address = getAddress(trimmed);
    return address === ZeroAddress ? { ok: false, reason: "invalid" } : { ok: true, value: address };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}
