import { contracts } from "@/lib/contracts/contracts";
import { useContractAction } from "@/lib/contracts/use-contract-action";
import { write } from "@/lib/contracts/write";

/** Pays the lucky pool to its winner once its countdown is over (anyone may send it). */
export function useSettleLuckyPoolAction() {
  return useContractAction({
    action: "settle:lucky",
    plan: () => ({ call: write(contracts.main, "settleLuckyPool"), summary: { key: "activity:summaries.settleLucky" } }),
    success: "common:messages.settleSuccessful",
    failure: "errors:actionFailed",
  });
}
