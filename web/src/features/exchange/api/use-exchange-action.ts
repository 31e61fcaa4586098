import { pageContracts } from "@/lib/contracts/page-contracts";
import { useContractAction } from "@/lib/contracts/use-contract-action";
import { write } from "@/lib/contracts/write";
import { formatAmount } from "@/lib/format/format";

import type { ExchangeKind } from "../exchange-kinds";

/** Exchanges `amountIn` on the page's Swap route, for at least `minOut` (the price may move meanwhile). */
export function useExchangeAction({ id: route, name, tokenIn, tokenOut, invalid }: ExchangeKind) {
  return useContractAction({
    action: `exchange:${name}`,
    plan: (amountIn: bigint, minOut: bigint) => ({
      call: write(pageContracts.swap, "exchange", route, amountIn, minOut),
      summary: {
        key: "activity:summaries.exchange",
        params: { amountIn: formatAmount(amountIn, 6), tokenIn, minOut: formatAmount(minOut, 6), tokenOut },
      },
    }),
    success: "common:messages.exchangeSuccessful",
    failure: "errors:exchangeFailed",
    // The product's sentence (docs/product/messages.md §3) for an amount the route refuses, on this page.
    overrides: { SwapExceedsMaxExchangeable: invalid, SwapInvalidAmount: invalid },
    token: tokenIn,
  });
}
