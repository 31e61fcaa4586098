import { contracts } from "@/lib/contracts/contracts";
import { useContractAction } from "@/lib/contracts/use-contract-action";
import { write } from "@/lib/contracts/write";

/** Pays the max machine pool to the round's largest synthesis once the round is over (anyone may send it). */
export function useSettleMaxPoolAction() {
  return useContractAction({
    action: "settle:max",
    plan: () => ({ call: write(contracts.main, "settleMaxPool"), summary: { key: "activity:summaries.settleMax" } }),
    success: "common:messages.settleSuccessful",
    failure: "errors:actionFailed",
  });
}
