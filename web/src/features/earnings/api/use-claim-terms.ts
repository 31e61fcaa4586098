import { addresses } from "@/config/addresses";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { pageContracts } from "@/lib/contracts/page-contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** What a claim pays, and in what: ACB at its USD price, to the member's settler; what the member
 *  may claim now (Revenue's own figure: all that waits, or in a shortfall their share) and the
 *  reserve's coverage (docs/product/contracts.md §6). */
export function useClaimTerms(account: string) {
  return useChainQuery(`claim:${account}`, () => ({
    acbPrice: read(contracts.main, "priceOf", addresses.ACB),
    settler: read(pageContracts.community, "settlerOf", account),
    claimableUsd: read(contracts.revenue, "claimableUsd", account),
    coverage: read(contracts.revenue, "coverage"),
  }));
}
