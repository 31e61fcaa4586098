import type { SwapRouteId } from "@product";

import { read } from "@/lib/contracts/batch";
import { pageContracts } from "@/lib/contracts/page-contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** A Swap route's terms, the same for everyone: both prices, the daily limit per address and the liquidity. */
export function useSwapTerms(route: SwapRouteId) {
  return useChainQuery(`exchange:terms:${route}`, () => ({ terms: read(pageContracts.swap, "routeInfo", route) }));
}

export type SwapTerms = NonNullable<ReturnType<typeof useSwapTerms>["terms"]>;
