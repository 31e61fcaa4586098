import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** Revenue.coverage(): home says it while the reserve is short of the promise (docs/product/contracts.md §6). */
export function useCoverage() {
  return useChainQuery("home:coverage", () => ({ coverage: read(contracts.revenue, "coverage") }));
}
