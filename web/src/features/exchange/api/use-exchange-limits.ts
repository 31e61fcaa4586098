import type { SwapRouteId } from "@product";

import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** What `account` may still exchange on `route` today, and what it has used of the daily limit (USD). */
export function useExchangeLimits(route: SwapRouteId, account: string) {
  return useChainQuery(`exchange:limits:${route}:${account}`, () => ({
    maxExchangeable: read(contracts.swap, "maxExchangeable", route, account),
    usedToday: read(contracts.swap, "usedToday", route, account),
  }));
}
