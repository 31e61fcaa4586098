import { read } from "@/lib/contracts/batch";
import { pageContracts } from "@/lib/contracts/page-contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** What the chain knows of `account` as a member: registered, inviter, settler, team and levels. */
export function useMemberInfo(account: string | null) {
  return useChainQuery(account ? `member:${account}` : null, () => ({ info: read(pageContracts.community, "memberInfo", account!) }));
}
