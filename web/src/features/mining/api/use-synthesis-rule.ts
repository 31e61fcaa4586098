import type { SynthesisToken } from "@product";

import { addresses } from "@/config/addresses";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

import type { Rule } from "../synthesis";

/** The token's synthesis rule, for everyone, and a price change Main has announced for it. */
export function useSynthesisRule(token: SynthesisToken) {
  const { data } = useChainQuery(`mining:rule:${token}`, () => ({
    rule: read(contracts.main, "tokenRule", addresses[token]),
    maxHashrate: read(contracts.main, "maxHashrate"),
    pendingPrice: read(contracts.main, "pendingPrice", addresses[token]),
  }));
  const rule: Rule | undefined = data && { multiple: data.rule.multiple, minimum: data.rule.minimum, price: data.rule.price, maxHashrate: data.maxHashrate };
  return { rule, pendingPrice: data?.pendingPrice };
}
