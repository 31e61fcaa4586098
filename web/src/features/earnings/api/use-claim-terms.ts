import { addresses } from "@/config/addresses";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** What a claim pays in: ACB at its USD price, to the member's settler, as far as Revenue's reserve goes. */
export function useClaimTerms(account: string) {
  return useChainQuery(`claim:${account}`, () => ({
    acbPrice: read(contracts.main, "priceOf", addresses.ACB),
    settler: read(contracts.community, "settlerOf", account),
    backing: read(contracts.revenue, "backing"),
  }));
}
