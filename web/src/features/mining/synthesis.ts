/**
 * The rules of a synthesis as the screen checks them before anything is sent. The contract
 * enforces the same ones; these only save the user a failed transaction.
 */
import { parseWhole } from "@/components/parse";
import type { SynthesisToken } from "@/config/contract-names";
import { MAX_HASHRATE, ONE } from "@/config/units";
import { notEnough } from "@/lib/contracts/errors";
import type { Message } from "@/lib/toast/toast-store";

/** Tokens to pay for `hashrate` units at `price` (USD, 18 decimals), rounded up as Main does. */
export function synthesisCost(hashrate: bigint, price: bigint): bigint {
  const numerator = hashrate * ONE * ONE;
  return (numerator + price - 1n) / price;
}

export interface Rule {
  multiple: bigint;
  minimum: bigint;
  price: bigint;
}

/**
 * The hashrate typed, or the spec's message for why it cannot be synthesised: not a whole number
 * (a sign, a point, an exponent) or not a multiple, below the lowest, above the largest, then a
 * cost above the `balance` of `token` (once it is read).
 */
export function checkHashrate(text: string, rule: Rule, token: SynthesisToken, balance: bigint | undefined): { value: bigint } | { problem: Message } {
  const parsed = parseWhole(text);
  const multiple = Number(rule.multiple);
  if (!parsed.ok) return { problem: { key: parsed.reason === "empty" ? "errors:enterMultiple" : "errors:multipleRequired", params: { multiple } } };
  const hashrate = parsed.value;
  if (hashrate === 0n || hashrate < rule.minimum) return { problem: { key: "errors:enterMultiple", params: { multiple } } };
  if (hashrate % rule.multiple !== 0n) return { problem: { key: "errors:multipleRequired", params: { multiple } } };
  if (hashrate > MAX_HASHRATE) return { problem: { key: "errors:hashrateTooLarge", params: { max: MAX_HASHRATE.toLocaleString("en-US") } } };
  if (balance !== undefined && synthesisCost(hashrate, rule.price) > balance) return { problem: notEnough(token) };
  return { value: hashrate };
}
