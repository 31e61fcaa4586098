import type { SynthesisToken } from "@product";

import { addresses } from "@/config/addresses";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

import type { Rule } from "../synthesis";

/** Revenue.backing(): USD figures of what Revenue has promised against its ACB. */
export interface Backing {
  promisedUsd: bigint;
  reserveUsd: bigint;
  shortfallUsd: bigint;
}

/** The token's synthesis rule, for everyone (as one `rule`), a price change Main has announced for
 *  it, and what Revenue has promised against its reserve (a shortfall is said before synthesising). */
export function useSynthesisRule(token: SynthesisToken) {
  const query = useChainQuery(`mining:rule:${token}`, () => ({
    tokenRule: read(contracts.main, "tokenRule", addresses[token]),
    maxHashrate: read(contracts.main, "maxHashrate"),
    pendingPrice: read(contracts.main, "pendingPrice", addresses[token]),
    backing: read(contracts.revenue, "backing"),
  }));
  const { data } = query;
  const rule: Rule | undefined = data && { multiple: data.tokenRule.multiple, minimum: data.tokenRule.minimum, price: data.tokenRule.price, maxHashrate: data.maxHashrate };
  return { ...query, rule };
}
