import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** A member's revenue: machine, dynamic and preaching, waiting and received; the claim interval; a backlog of finished records. */
export function useEarnings(account: string | null) {
  return useChainQuery(account ? `earnings:${account}` : null, () => ({ earnings: read(contracts.revenue, "earningsOf", account!) }));
}
