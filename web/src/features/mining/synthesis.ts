/**
 * The rules of a synthesis as the screen checks them before anything is sent. The contract
 * enforces the same ones; these only save the user a failed transaction.
 */
import { parseWhole, unreadableNumber } from "@/components/parse";
import { ONE } from "@/config/units";
import type { Message } from "@/i18n/message";

/** Tokens to pay for `hashrate` units at `price` (USD, 18 decimals), rounded up as Main does. */
export function synthesisCost(hashrate: bigint, price: bigint): bigint {
  const numerator = hashrate * ONE * ONE;
  return (numerator + price - 1n) / price;
}

/** A token's synthesis rule as Main holds it: the multiple, the lowest hashrate, the token's USD
 *  price, and the largest hashrate one synthesis takes. */
export interface Rule {
  multiple: bigint;
  minimum: bigint;
  price: bigint;
  maxHashrate: bigint;
}

/**
 * The hashrate typed, or the product's message (docs/product/messages.md §3) for why it cannot be synthesised: anything but digits
 * ("1,000", "1 000", "+100", "1.000", "1e3": "Digits only"; the multiple message would be wrong for
 * "+100", a multiple of 100), not a multiple (0 included: no multiple of anything synthesises),
 * below the lowest, above the largest. (The balance is checked after this, by the approve-then-act
 * flow.)
 */
export function checkHashrate(text: string, rule: Rule): { value: bigint } | { problem: Message } {
  const parsed = parseWhole(text);
  const multiple = Number(rule.multiple);
  const notAMultiple: Message = { key: "errors:multipleRequired", params: { multiple } };
  if (!parsed.ok) return { problem: unreadableNumber(parsed.reason, { empty: { key: "errors:enterMultiple", params: { multiple } }, invalid: { key: "errors:digitsOnly" } }) };
  const hashrate = parsed.value;
  if (hashrate === 0n) return { problem: notAMultiple };
  if (hashrate < rule.minimum) return { problem: { key: "errors:enterMultiple", params: { multiple } } };
  if (hashrate % rule.multiple !== 0n) return { problem: notAMultiple };
  if (hashrate > rule.maxHashrate) return { problem: { key: "errors:hashrateTooLarge", params: { max: rule.maxHashrate.toLocaleString("en-US") } } };
  return { value: hashrate };
}
