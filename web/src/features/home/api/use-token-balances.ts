import { TOKEN_SYMBOLS, type TokenSymbol } from "@product";

import { read, type ReadCall } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** What `account` holds of each of the nine tokens, under its symbol (undefined until all are read). */
export function useTokenBalances(account: string) {
  const query = useChainQuery(
    `balances:${account}`,
    // Object.fromEntries forgets the keys; every symbol is there, with its read.
    () =>
      Object.fromEntries(TOKEN_SYMBOLS.map((symbol) => [symbol, read(contracts.tokens[symbol], "balanceOf", account)])) as Record<TokenSymbol, ReadCall<bigint>>
  );
  return { ...query, balances: query.data };
}
