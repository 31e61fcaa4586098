import { pageContracts } from "@/lib/contracts/page-contracts";
import { useContractAction } from "@/lib/contracts/use-contract-action";
import { write } from "@/lib/contracts/write";
import { shortAddress } from "@/lib/format/format";

/** Names the wallet that receives the member's claims from now on (Community.changeSettler). */
export function useChangeSettlerAction() {
  return useContractAction({
    action: "changeSettler",
    plan: (settler: string) => ({
      call: write(pageContracts.community, "changeSettler", settler),
      summary: { key: "activity:summaries.changeSettler", params: { settler: shortAddress(settler) } },
    }),
    success: "common:messages.settlerChanged",
    failure: "errors:actionFailed",
  });
}
