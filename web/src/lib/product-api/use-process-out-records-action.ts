import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";
import { useContractAction } from "@/lib/contracts/use-contract-action";

/** How many finished records one processOutRecords takes out (the contract's limit, read from it). */
export function useOutRecordsPerCall() {
  return useChainQuery("out-records:per-call", () => ({ perCall: read(contracts.revenue, "maxOutPerCall") }));
}

/** Takes out up to `perCall` of `account`'s finished records, so its revenue and synthesis go on. */
export function useProcessOutRecordsAction() {
  return useContractAction((c, account: string, perCall: bigint) => c.revenue.processOutRecords(account, perCall), {
    success: "common:tx.confirmed",
    failure: "errors:actionFailed",
  });
}
