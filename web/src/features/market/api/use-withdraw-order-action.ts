import { pageContracts } from "@/lib/contracts/page-contracts";
import { useContractAction } from "@/lib/contracts/use-contract-action";
import { write } from "@/lib/contracts/write";

/** Takes an active order off the market: its remaining MV goes back to the seller. */
export function useWithdrawOrderAction() {
  return useContractAction({
    action: "withdraw",
    plan: (index: bigint) => ({
      // Each order is its own action: a withdrawal pending for one does not stand for another.
      action: `withdraw:${index}`,
      call: write(pageContracts.market, "withdraw", index),
      summary: { key: "activity:summaries.withdraw", params: { index: index.toString() } },
    }),
    success: "common:messages.withdrawSuccessful",
    failure: "errors:actionFailed",
  });
}
