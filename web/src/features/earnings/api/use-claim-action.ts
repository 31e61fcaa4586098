import { useContractAction } from "@/lib/contracts/use-contract-action";

/** Claims everything waiting, paid in ACB to the settler, at least `minAcb` of it (the price may move meanwhile). */
export function useClaimAction() {
  return useContractAction((c, minAcb: bigint) => c.revenue.claim(minAcb), {
    success: "common:messages.claimSuccessful",
    failure: "errors:actionFailed",
  });
}
