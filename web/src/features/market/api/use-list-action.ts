import { useContractAction } from "@/lib/contracts/use-contract-action";

/** Lists `amount` MV for sale: the market holds it until it sells or the seller withdraws it. */
export function useListAction() {
  return useContractAction((c, amount: bigint) => c.market.list(amount), {
    success: "common:messages.listSuccessful",
    failure: "errors:actionFailed",
    token: "MV",
  });
}
