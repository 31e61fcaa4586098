import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/**
 * How many merge records `account` has made; how many have reached their cap (3x) by now,
 * processed or not (`finishedCount`); and how many of those the revenue figures count as out
 * (`outCount`: it stops one call's worth past those processed). The difference is the backlog
 * that waits for processOutRecords.
 */
export function useRecordCounts(account: string) {
  return useChainQuery(`records:${account}:count`, () => ({
    recordCount: read(contracts.main, "recordCount", account),
    finishedCount: read(contracts.revenue, "finishedCount", account),
    outCount: read(contracts.revenue, "outCount", account),
  }));
}
