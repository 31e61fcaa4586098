import { useContractAction } from "@/lib/contracts/use-contract-action";

/** Takes an active order off the market: its remaining MV goes back to the seller. */
export function useWithdrawOrderAction() {
  return useContractAction((c, index: bigint) => c.market.withdraw(index), {
    success: "common:messages.withdrawSuccessful",
    failure: "errors:actionFailed",
  });
}
