import { useContractAction } from "@/lib/contracts/use-contract-action";

/** Takes out up to `perCall` of `account`'s finished records, so its revenue and synthesis go on. */
export function useProcessOutRecordsAction() {
  return useContractAction((c, account: string, perCall: bigint) => c.revenue.processOutRecords(account, perCall), {
    success: "common:tx.confirmed",
    failure: "errors:actionFailed",
  });
}
