import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** What a synthesis checks of the member besides the token: registered, and the latest records. */
export function useSynthesisAccount(account: string) {
  return useChainQuery(`mining:${account}`, () => ({
    registered: read(contracts.community, "isRegistered", account),
    records: read(contracts.main, "recordsOf", account, 0n, 5n),
  }));
}
