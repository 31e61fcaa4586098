import { addresses } from "@/config/addresses";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { pageContracts } from "@/lib/contracts/page-contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** The market as everyone sees it: MV for sale, the prices of MV and USDT, the smallest order,
 *  how many orders one buy fills, and an announced change of MV's price. */
export function useMarketTerms() {
  return useChainQuery("market:terms", () => ({
    forSale: read(pageContracts.market, "mvForSale"),
    minOrder: read(pageContracts.market, "minOrder"),
    mvPrice: read(contracts.main, "priceOf", addresses.MV),
    usdtPrice: read(contracts.main, "priceOf", addresses.USDT),
    maxFillsPerBuy: read(pageContracts.market, "maxFillsPerBuy"),
    pendingMvPrice: read(contracts.main, "pendingPrice", addresses.MV),
  }));
}

export type MarketTerms = NonNullable<ReturnType<typeof useMarketTerms>["data"]>;
