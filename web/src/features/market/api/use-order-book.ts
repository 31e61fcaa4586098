import { read } from "@/lib/contracts/batch";
import { pageContracts } from "@/lib/contracts/page-contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** The order book at a glance: how many orders there are (all, and `account`'s), and the first
 *  `rankingSize` orders of the queue, the next to sell. */
export function useOrderBook(account: string | null, rankingSize: bigint) {
  const all = useChainQuery(`salelist:book:${rankingSize}`, () => ({
    orderCount: read(pageContracts.market, "orderCount"),
    ranking: read(pageContracts.market, "queuedOrders", rankingSize),
  }));
  const mine = useChainQuery(account ? `salelist:count:${account}` : null, () => ({
    count: read(pageContracts.market, "orderCountOf", account!),
  }));
  return {
    orderCount: all.orderCount,
    ranking: all.ranking,
    myOrderCount: mine.count,
    loading: all.loading || mine.loading,
    error: all.error ?? mine.error,
  };
}
