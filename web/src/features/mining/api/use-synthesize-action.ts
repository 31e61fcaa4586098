import type { SynthesisToken } from "@product";

import { addresses } from "@/config/addresses";
import { useContractAction } from "@/lib/contracts/use-contract-action";

/** Synthesises `hashrate` paying in `token`, at most `maxCost` of it (the price may move meanwhile). */
export function useSynthesizeAction(token: SynthesisToken, maxHashrate: bigint | undefined) {
  return useContractAction((c, hashrate: bigint, maxCost: bigint) => c.main.synthesize(addresses[token], hashrate, maxCost), {
    success: "common:messages.purchaseSuccessful",
    failure: "errors:purchaseFailed",
    token,
    maxHashrate,
  });
}
