/**
 * The rules of an exchange as the screen checks them before anything is sent. Swap enforces the
 * same ones; these only save the user a failed transaction.
 */
import { parseAmount, unreadableNumber } from "@/components/parse";
import type { Message } from "@/i18n/message";

import type { ExchangeKind } from "./exchange-kinds";

/** The route's prices (USD, 18 decimals), as Swap's routeInfo gives them. */
export interface SwapPrices {
  priceIn: bigint;
  priceOut: bigint;
}

/** What `amountIn` buys on the route, rounded down as Swap does. */
export function amountOut(amountIn: bigint, { priceIn, priceOut }: SwapPrices): bigint {
  return (amountIn * priceIn) / priceOut;
}

/**
 * The amount typed, or the product's message (docs/product/messages.md §3) for why it cannot be exchanged: empty, digits grouped
 * ("Digits only"), not an amount,
 * nothing, buying nothing, or above what the address may still exchange today (`max`, once read).
 * (The balance is checked after this, by the approve-then-act flow.)
 */
export function checkExchangeAmount(
  text: string,
  { invalid }: ExchangeKind,
  prices: SwapPrices | undefined,
  max: bigint | undefined,
): { value: bigint } | { problem: Message } {
  const parsed = parseAmount(text);
  if (!parsed.ok) return { problem: unreadableNumber(parsed.reason, { empty: { key: "errors:enterAmount" }, invalid: { key: invalid } }) };
  const amount = parsed.value;
  const out = prices ? amountOut(amount, prices) : undefined;
  if (amount === 0n || out === 0n || (max !== undefined && amount > max)) return { problem: { key: invalid } };
  return { value: amount };
}
