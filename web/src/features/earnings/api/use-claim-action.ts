import { contracts } from "@/lib/contracts/contracts";
import { useContractAction } from "@/lib/contracts/use-contract-action";
import { write } from "@/lib/contracts/write";
import { formatAmount } from "@/lib/format/format";

/** Claims everything waiting, paid in ACB to the settler, at least `minAcb` of it (the price may move meanwhile). */
export function useClaimAction() {
  return useContractAction({
    action: "claim",
    plan: (minAcb: bigint) => ({
      call: write(contracts.revenue, "claim", minAcb),
      summary: { key: "activity:summaries.claim", params: { minAcb: formatAmount(minAcb, 6) } },
    }),
    success: "common:messages.claimSuccessful",
    failure: "errors:actionFailed",
  });
}
