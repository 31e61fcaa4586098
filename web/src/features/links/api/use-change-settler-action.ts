import { useContractAction } from "@/lib/contracts/use-contract-action";

/** Names the wallet that receives the member's claims from now on (Community.changeSettler). */
export function useChangeSettlerAction() {
  return useContractAction((c, settler: string) => c.community.changeSettler(settler), {
    success: "common:messages.settlerChanged",
    failure: "errors:actionFailed",
  });
}
