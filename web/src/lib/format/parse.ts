/**
 * Parsing what users type. A field shows exactly what was typed; these decide whether it is a
 * usable value, and nothing else changes it.
 *
 * Numbers: one parser for every field. Digits with at most `decimals` decimals and nothing else: no
 * sign, exponent, grouping or letters. Full-width digits and point (a Chinese keyboard's "４０．５")
 * read as their ASCII forms, which is what the user meant. Hashrate uses 0 decimals, so "40.0" is
 * refused rather than read as 40 (or, as a field that dropped the point once did, as 400). Digits
 * grouped with commas, spaces, apostrophes or underscores ("1,000", "1 000") are refused with a
 * reason of their own: the number is right, only its writing is not, and the user is told so
 * rather than that the number is wrong. ("1.000" is not told apart: a point is a decimal point.)
 * Addresses: 0x and 40 hex digits, with a valid checksum when mixed case.
 */
import { getAddress } from "ethers/address";
import { ZeroAddress } from "ethers/constants";

import { fromDecimalDigits } from "./decimal";

import type { Message } from "@/i18n/message";

/** Why a text is not a value: nothing typed, digits grouped ("1,000"), or anything else wrong. */
export type ParseFailure = "empty" | "grouped" | "invalid";
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: ParseFailure };

const DECIMAL = /^(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;
/**
 * Digits in thousands, as people write large numbers: "1,000", "12 345 678", "1'000", "1_000.5",
 * and lakhs ("1,00,000"); after NFKC, so a full-width comma or a no-break or ideographic space
 * too. "1,5" (a decimal comma) and "4 0" are not groups of thousands: the field's own message.
 */
const GROUPED_DIGITS = /^\d{1,3}(?:[,'\u2019_\s]\d{2,3})*[,'\u2019_\s]\d{3}(?:\.\d*)?$/;

/** `text` as a number with at most `decimals` decimals, in its smallest unit ("1.5", 18 -> 1.5e18). */
export function parseDecimal(text: string, decimals: number): Parsed<bigint> {
  const trimmed = text.normalize("NFKC").trim();
  if (trimmed === "") return { ok: false, reason: "empty" };
  const match = DECIMAL.exec(trimmed);
  if (!match) return { ok: false, reason: GROUPED_DIGITS.test(trimmed) ? "grouped" : "invalid" };
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? match[3] ?? "").replace(/0+$/, "");
  // "40.0" is 40 only where decimals are allowed at all: a whole-number field refuses any point.
  if (decimals === 0 && trimmed.includes(".")) return { ok: false, reason: "invalid" };
  if (fraction.length > decimals) return { ok: false, reason: "invalid" };
  return { ok: true, value: fromDecimalDigits(whole, fraction, decimals) };
}

/**
 * What a number field says when its text is not a number: `empty` when nothing was typed, "Digits
 * only" for grouped digits (every number field says it the same way), else the field's own
 * message.
 */
export function unreadableNumber(reason: ParseFailure, messages: { empty: Message; invalid: Message }): Message {
  if (reason === "grouped") return { key: "errors:digitsOnly" };
  return reason === "empty" ? messages.empty : messages.invalid;
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
