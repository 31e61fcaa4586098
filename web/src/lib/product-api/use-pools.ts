import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** The lucky and the max pool (amount, countdown, winners), and the ACB burned by synthesis. */
export function usePools() {
  return useChainQuery("pools", () => ({
    lucky: read(contracts.main, "luckyPool"),
    max: read(contracts.main, "maxPool"),
    acbBurned: read(contracts.main, "totalAcbBurned"),
  }));
}
