import type { SwapRouteId } from "@product";

import { read } from "@/lib/contracts/batch";
import { pageContracts } from "@/lib/contracts/page-contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** What `account` may still exchange on `route` today, and what it has used of the daily limit (USD). */
export function useExchangeLimits(route: SwapRouteId, account: string) {
  return useChainQuery(`exchange:limits:${route}:${account}`, () => ({
    maxExchangeable: read(pageContracts.swap, "maxExchangeable", route, account),
    usedToday: read(pageContracts.swap, "usedToday", route, account),
  }));
}
