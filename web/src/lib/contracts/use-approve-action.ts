/** Step 1 of every action that spends a token: let the contract take `amount` of it. */
import type { ContractName, TokenSymbol } from "@product";

import { addresses } from "@/config/addresses";
import { formatAmount, isUnlimited } from "@/lib/format/format";

import { contracts } from "./contracts";
import { useContractAction, type TransactionPlan } from "./use-contract-action";
import { write } from "./write";

export function useApproveAction(token: TokenSymbol, spender: ContractName) {
  return useContractAction({
    action: `approve:${token}:${spender}`,
    plan: (amount: bigint): TransactionPlan => ({
      call: write(contracts.tokens[token], "approve", addresses[spender], amount),
      summary: isUnlimited(amount)
        ? { key: "activity:summaries.approveUnlimited", params: { token } }
        : { key: "activity:summaries.approve", params: { amount: formatAmount(amount, 6), token } },
    }),
    success: "common:messages.authorizationSuccessful",
    failure: "errors:authorizationFailed",
    token,
  });
}
