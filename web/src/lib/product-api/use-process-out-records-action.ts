import { contracts } from "@/lib/contracts/contracts";
import { useContractAction } from "@/lib/contracts/use-contract-action";
import { write } from "@/lib/contracts/write";

/** Takes out up to `perCall` of `account`'s finished records, so its revenue and synthesis go on. */
export function useProcessOutRecordsAction() {
  return useContractAction({
    action: "processOutRecords",
    plan: (account: string, perCall: bigint) => ({
      call: write(contracts.revenue, "processOutRecords", account, perCall),
      summary: { key: "activity:summaries.processOutRecords" },
    }),
    success: "common:tx.confirmed",
    failure: "errors:actionFailed",
  });
}
