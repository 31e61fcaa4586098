import { read } from "@/lib/contracts/batch";
import { pageContracts } from "@/lib/contracts/page-contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** `limit` of `account`'s direct members from `offset`, each with its performance, team performance
 *  and VIP level; nothing is read while `account` is null. */
export function useDirectMembers(account: string | null, offset: number, limit: number) {
  return useChainQuery(account ? `direct-members:${account}:${offset}:${limit}` : null, () => ({
    directs: read(pageContracts.community, "directMembers", account!, BigInt(offset), BigInt(limit)),
  }));
}
