import type { ContractName, TokenSymbol } from "@product";

import { addresses } from "@/config/addresses";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

/** What `account` holds of `token` and lets `spender` take: what every action that spends a token checks. */
export function useTokenHoldings(token: TokenSymbol, account: string, spender: ContractName) {
  return useChainQuery(`holdings:${token}:${account}:${spender}`, () => ({
    balance: read(contracts.tokens[token], "balanceOf", account),
    allowance: read(contracts.tokens[token], "allowance", account, addresses[spender]),
  }));
}
