import { useContractAction } from "@/lib/contracts/use-contract-action";

/** Buys MV from the oldest orders with `usdtIn`, for at least `minMvOut` (the price may move meanwhile). */
export function useBuyAction() {
  return useContractAction((c, usdtIn: bigint, minMvOut: bigint) => c.market.buy(usdtIn, minMvOut), {
    success: "common:messages.purchaseSuccessful",
    failure: "errors:purchaseFailed",
    token: "USDT",
  });
}
