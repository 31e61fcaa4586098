import { pageContracts } from "@/lib/contracts/page-contracts";
import { useContractAction } from "@/lib/contracts/use-contract-action";
import { write } from "@/lib/contracts/write";
import { formatAmount } from "@/lib/format/format";

/** Lists `amount` MV for sale: the market holds it until it sells or the seller withdraws it. */
export function useListAction() {
  return useContractAction({
    action: "list",
    plan: (amount: bigint) => ({
      call: write(pageContracts.market, "list", amount),
      summary: { key: "activity:summaries.list", params: { amount: formatAmount(amount, 6) } },
    }),
    success: "common:messages.listSuccessful",
    failure: "errors:actionFailed",
    token: "MV",
  });
}
