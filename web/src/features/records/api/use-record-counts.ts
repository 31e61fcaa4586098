import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** How many merge records `account` has made, and how many of them have gone out (reached 3x). */
export function useRecordCounts(account: string) {
  return useChainQuery(`records:${account}:count`, () => ({
    recordCount: read(contracts.main, "recordCount", account),
    outCount: read(contracts.revenue, "outCount", account),
  }));
}
