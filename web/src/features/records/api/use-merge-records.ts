import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** `limit` of `account`'s merge records from `offset`, newest first. Nothing is read until
 *  `recordCount` is known, and a new count reads anew: a record just made shifts every page. */
export function useMergeRecords(account: string, recordCount: bigint | undefined, offset: number, limit: number) {
  return useChainQuery(recordCount === undefined ? null : `records:${account}:${offset}:${limit}:${recordCount}`, () => ({
    records: read(contracts.main, "recordsOf", account, BigInt(offset), BigInt(limit)),
  }));
}
