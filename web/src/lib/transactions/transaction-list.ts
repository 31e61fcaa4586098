/**
 * The transactions kept on this device, as the screens read them: small, so that every page and
 * the wallet chip can show what is pending without loading the rest of the transaction memory.
 * transaction-log.ts fills it (loaded at startup when the device keeps any, or with the first
 * send) and keeps it in step with storage and with other tabs.
 */
import { create } from "zustand";

import type { SentTransaction } from "./sent-transaction";

/** localStorage, beside the store's `am-local`. */
export const TRANSACTIONS_KEY = "am-transactions";

/** Newest first; empty until transaction-log.ts has loaded what is stored. */
export const useTransactionList = create<{ transactions: SentTransaction[] }>()(() => ({ transactions: [] }));

export const isPending = (transaction: SentTransaction): boolean => transaction.state === "pending";

/** Whether this device keeps any transaction (then the memory loads at startup). */
export function hasKeptTransactions(): boolean {
  try {
    return window.localStorage.getItem(TRANSACTIONS_KEY) !== null;
  } catch {
    return false;
  }
}
