import { read } from "@/lib/contracts/batch";
import { batcher } from "@/lib/contracts/chain-status";
import { pageContracts } from "@/lib/contracts/page-contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** Whether `address` is a member on chain (a referrer must be), asked now: for a submit that cannot wait for the hook. */
export function getIsRegistered(address: string): Promise<boolean> {
  return batcher.load(read(pageContracts.community, "isRegistered", address));
}

/** Whether `address` is a member on chain; nothing is read while it is undefined. */
export function useIsRegistered(address: string | undefined) {
  return useChainQuery(address ? `registered:${address}` : null, () => ({ registered: read(pageContracts.community, "isRegistered", address!) }));
}
