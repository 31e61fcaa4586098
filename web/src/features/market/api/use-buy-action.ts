import { pageContracts } from "@/lib/contracts/page-contracts";
import { useContractAction } from "@/lib/contracts/use-contract-action";
import { write } from "@/lib/contracts/write";
import { formatAmount } from "@/lib/format/format";

/** Buys MV from the oldest orders with `usdtIn`, for at least `minMvOut` (the price may move meanwhile). */
export function useBuyAction() {
  return useContractAction({
    action: "buy",
    plan: (usdtIn: bigint, minMvOut: bigint) => ({
      call: write(pageContracts.market, "buy", usdtIn, minMvOut),
      summary: { key: "activity:summaries.buy", params: { usdt: formatAmount(usdtIn, 6), minMv: formatAmount(minMvOut, 6) } },
    }),
    success: "common:messages.purchaseSuccessful",
    failure: "errors:purchaseFailed",
    token: "USDT",
  });
}
