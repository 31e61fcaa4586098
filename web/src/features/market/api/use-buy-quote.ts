import { read } from "@/lib/contracts/batch";
import { pageContracts } from "@/lib/contracts/page-contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** The contract's own plan for buying with `usdtIn`: the MV it fills and the USDT that takes,
 *  within what is for sale and the most orders one buy fills (`quote`), and each order it fills,
 *  with its seller (`fills`), so the page can say which are the buyer's own without re-doing the
 *  contract's arithmetic. Read together, in one batch. Nothing is read without an amount. */
export function useBuyQuote(usdtIn: bigint | undefined) {
  return useChainQuery(usdtIn === undefined ? null : `market:quote:${usdtIn}`, () => ({
    quote: read(pageContracts.market, "quoteBuy", usdtIn!),
    fills: read(pageContracts.market, "previewBuy", usdtIn!),
  }));
}
