import { useContractAction } from "@/lib/contracts/use-contract-action";

/** Pays the lucky pool to its winner once its countdown is over (anyone may send it). */
export function useSettleLuckyPoolAction() {
  return useContractAction((c) => c.main.settleLuckyPool(), { success: "common:messages.settleSuccessful", failure: "errors:actionFailed" });
}
