/** Step 1 of every action that spends a token: let the contract take `amount` of it. */
import type { ContractName, TokenSymbol } from "@product";

import { addresses } from "@/config/addresses";

import { useContractAction } from "./use-contract-action";

export function useApproveAction(token: TokenSymbol, spender: ContractName) {
  return useContractAction((c, amount: bigint) => c.tokens[token].approve(addresses[spender], amount), {
    success: "common:messages.authorizationSuccessful",
    failure: "errors:authorizationFailed",
    token,
  });
}
