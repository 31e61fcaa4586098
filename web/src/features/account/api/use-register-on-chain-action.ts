import { pageContracts } from "@/lib/contracts/page-contracts";
import { useContractAction } from "@/lib/contracts/use-contract-action";
import { write } from "@/lib/contracts/write";
import { shortAddress } from "@/lib/format/format";

/** The on-chain half of a registration: the wallet becomes a member under `referrer` (Community.register). */
export function useRegisterOnChainAction() {
  return useContractAction({
    action: "register",
    plan: (referrer: string) => ({
      call: write(pageContracts.community, "register", referrer),
      summary: { key: "activity:summaries.register", params: { referrer: shortAddress(referrer) } },
    }),
    success: "common:messages.registerSuccessful",
    failure: "errors:actionFailed",
  });
}
