import { useContractAction } from "@/lib/contracts/use-contract-action";

import type { ExchangeKind } from "../exchange-kinds";

/** Exchanges `amountIn` on the page's Swap route, for at least `minOut` (the price may move meanwhile). */
export function useExchangeAction({ id: route, tokenIn, invalid }: ExchangeKind) {
  return useContractAction((c, amountIn: bigint, minOut: bigint) => c.swap.exchange(route, amountIn, minOut), {
    success: "common:messages.exchangeSuccessful",
    failure: "errors:exchangeFailed",
    // The spec's sentence for an amount the route refuses, on this page.
    overrides: { SwapExceedsMaxExchangeable: invalid, SwapInvalidAmount: invalid },
    token: tokenIn,
  });
}
