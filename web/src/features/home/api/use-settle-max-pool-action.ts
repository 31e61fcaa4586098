import { useContractAction } from "@/lib/contracts/use-contract-action";

/** Pays the max pool to the round's largest synthesis once its round is over (anyone may send it). */
export function useSettleMaxPoolAction() {
  return useContractAction((c) => c.main.settleMaxPool(), { success: "common:messages.settleSuccessful", failure: "errors:actionFailed" });
}
