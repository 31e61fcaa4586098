import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** How many finished records one processOutRecords takes out (the contract's limit, read from it). */
export function useOutRecordsPerCall() {
  return useChainQuery("out-records:per-call", () => ({ perCall: read(contracts.revenue, "maxOutPerCall") }));
}
