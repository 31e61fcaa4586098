import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { pageContracts } from "@/lib/contracts/page-contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** The member on the synthesis page: registered (a synthesis needs it), and their latest merge records. */
export function useSynthesisAccount(account: string) {
  return useChainQuery(`mining:${account}`, () => ({
    registered: read(pageContracts.community, "isRegistered", account),
    records: read(contracts.main, "recordsOf", account, 0n, 5n),
  }));
}
