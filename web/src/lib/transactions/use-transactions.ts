/** What pages and the wallet menu show of the transaction log: an account's transactions on this chain. */
import { useMemo } from "react";

import { BSC } from "@/config/chain";

import type { SentTransaction } from "./sent-transaction";
import { isPending, useTransactionList } from "./transaction-list";

/** `account`'s transactions on BNB Smart Chain, newest first. */
export function useAccountTransactions(account: string | null | undefined): SentTransaction[] {
  const transactions = useTransactionList((state) => state.transactions);
  return useMemo(() => {
    const owner = account?.toLowerCase();
    return owner ? transactions.filter((transaction) => transaction.account === owner && transaction.chainId === BSC.chainId) : [];
  }, [transactions, account]);
}

/** `account`'s pending transactions of `action` ('synthesize:USDT'), or of one it names more precisely ('withdraw:3' of 'withdraw'), newest first. */
export function usePendingTransactions(account: string | null | undefined, action: string): SentTransaction[] {
  const transactions = useAccountTransactions(account);
  return useMemo(
    () => transactions.filter((transaction) => isPending(transaction) && (transaction.action === action || transaction.action.startsWith(`${action}:`))),
    [transactions, action],
  );
}
