import { useContractAction } from "@/lib/contracts/use-contract-action";

/** The on-chain half of a registration: the wallet becomes a member under `referrer` (Community.register). */
export function useRegisterOnChainAction() {
  return useContractAction((c, referrer: string) => c.community.register(referrer), {
    success: "common:messages.registerSuccessful",
    failure: "errors:actionFailed",
  });
}
