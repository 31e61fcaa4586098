import type { SynthesisToken } from "@product";

import { addresses } from "@/config/addresses";
import { contracts } from "@/lib/contracts/contracts";
import { useContractAction } from "@/lib/contracts/use-contract-action";
import { write } from "@/lib/contracts/write";
import { formatAmount, groupDigits } from "@/lib/format/format";

/** Synthesises `hashrate` paying in `token`, at most `maxCost` of it (the price may move meanwhile). */
export function useSynthesizeAction(token: SynthesisToken, maxHashrate: bigint | undefined) {
  return useContractAction({
    action: `synthesize:${token}`,
    plan: (hashrate: bigint, maxCost: bigint) => ({
      call: write(contracts.main, "synthesize", addresses[token], hashrate, maxCost),
      summary: { key: "activity:summaries.synthesize", params: { hashrate: groupDigits(hashrate), token, maxCost: formatAmount(maxCost, 6) } },
    }),
    success: "common:messages.synthesisSuccessful",
    failure: "errors:synthesisFailed",
    token,
    maxHashrate,
  });
}
