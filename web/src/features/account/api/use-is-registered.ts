import { read } from "@/lib/contracts/batch";
import { batcher } from "@/lib/contracts/chain-status";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** Whether `address` is a member on chain (a referrer must be), asked now: for a submit that cannot wait for the hook. */
export function getIsRegistered(address: string): Promise<boolean> {
  return batcher.load(read(contracts.community, "isRegistered", address));
}

/** Whether `address` is a member on chain; nothing is read while it is undefined. */
export function useIsRegistered(address: string | undefined) {
  return useChainQuery(address ? `registered:${address}` : null, () => ({ registered: read(contracts.community, "isRegistered", address!) }));
}
