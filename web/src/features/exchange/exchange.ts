/**
 * An exchange as one spending action (lib/spending/spending-action.ts): the amount typed, what it
 * buys and the least the user agrees to receive. Swap enforces the same rules; these only save the
 * user a failed transaction.
 */
import { atLeast } from "@/lib/contracts/tolerance";
import { parseAmount, unreadableNumber } from "@/lib/format/parse";
import type { Parsed, SpendingAction } from "@/lib/spending/spending-action";

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
): Parsed<bigint> {
  const parsed = parseAmount(text);
  if (!parsed.ok) return { problem: unreadableNumber(parsed.reason, { empty: { key: "errors:enterAmount" }, invalid: { key: invalid } }) };
  const amount = parsed.value;
  const out = prices ? amountOut(amount, prices) : undefined;
  if (amount === 0n || out === 0n || (max !== undefined && amount > max)) return { problem: { key: invalid } };
  return { value: amount };
}

/** What the exchange page has read; undefined until read. */
export interface ExchangeFacts {
  kind: ExchangeKind;
  prices: SwapPrices | undefined;
  /** What the address may still exchange on the route today. */
  maxExchangeable: bigint | undefined;
  /** The user's price tolerance, in basis points (lib/contracts/tolerance.ts). */
  toleranceBps: number;
}

/** exchange(route, amountIn, minOut): what the page shows it buys, less the user's tolerance. */
export const exchange: SpendingAction<ExchangeFacts, bigint, [amountIn: bigint, minOut: bigint]> = {
  parse: (text, { kind, prices, maxExchangeable }) => checkExchangeAmount(text, kind, prices, maxExchangeable),
  quote: (amountIn, { kind, prices, toleranceBps }) =>
    prices && { spends: { token: kind.tokenIn, amount: amountIn, mayTake: amountIn }, args: [amountIn, atLeast(amountOut(amountIn, prices), toleranceBps)] },
};
