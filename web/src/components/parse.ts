/**
 * Parsing what users type. Amounts: decimal numbers with at most 18 decimals, nothing else.
 * Addresses: 0x and 40 hex digits, with a valid checksum when mixed case.
 * Hashrate: whole units.
 */
import { getAddress } from "ethers/address";
import { ZeroAddress } from "ethers/constants";
import { parseUnits } from "ethers/utils";

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: "empty" | "invalid" };

const DECIMAL = /^(?:\d+(?:\.\d{0,18})?|\.\d{1,18})$/;

/** A token amount (18 decimals). "", spaces only: empty; anything but a decimal number with at
 *  most 18 decimals (signs, exponents, commas, letters, more decimals): invalid. */
export function parseAmount(text: string, decimals = 18): Parsed<bigint> {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, reason: "empty" };
  if (!DECIMAL.test(trimmed)) return { ok: false, reason: "invalid" };
  const [whole, fraction = ""] = trimmed.split(".");
  if (fraction.length > decimals) return { ok: false, reason: "invalid" };
  return { ok: true, value: parseUnits(`${whole || "0"}.${fraction || "0"}`, decimals) };
}

/** A whole number of hashrate units. */
export function parseWhole(text: string): Parsed<bigint> {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, reason: "empty" };
  if (!/^\d+$/.test(trimmed)) return { ok: false, reason: "invalid" };
  return { ok: true, value: BigInt(trimmed) };
}

/** Lets an input hold only what can become a valid amount (typing "1." is fine on the way). */
export function isAmountDraft(text: string, decimals = 18): boolean {
  return new RegExp(`^\\d*(?:\\.\\d{0,${decimals}})?$`).test(text);
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

