/**
 * The transactions the app sent, kept on the device (localStorage `am-transactions`, beside the
 * store's `am-local`) so that a reload, a crash or a second tab still knows what is pending. Every
 * send is added here the moment the wallet returns its hash (send.ts); the watcher (watcher.ts)
 * settles each one when the chain tells its outcome. What the screens read is transaction-list.ts,
 * which this module fills when it loads.
 *
 * Several tabs share the entry: each change is merged with what is stored (a settled state wins
 * over pending, whoever learnt it), and a change made in another tab is taken in through the
 * `storage` event. Per chain and account the newest 50 settled and 20 pending transactions are
 * kept (no one has more in flight from one device: only a tampered entry could).
 */
import { parseSentTransaction, type SentTransaction } from "./sent-transaction";
import { TRANSACTIONS_KEY, isPending, useTransactionList } from "./transaction-list";

const VERSION = 1;
/** Settled transactions kept per chain and account. */
export const KEPT_PER_ACCOUNT = 50;
/** Pending transactions kept per chain and account: more than anyone has in flight from one device
 *  (beyond it, the entry was written by something else, and watching it all would flood the node). */
export const PENDING_PER_ACCOUNT = 20;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** What is stored, keeping only well-formed transactions (a damaged entry is not trusted). */
export function readStoredTransactions(raw: string | null | undefined = storage()?.getItem(TRANSACTIONS_KEY)): SentTransaction[] {
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as { version?: unknown; transactions?: unknown };
    if (parsed?.version !== VERSION || !Array.isArray(parsed.transactions)) return [];
    return parsed.transactions.map((value) => parseSentTransaction(value)).filter((transaction): transaction is SentTransaction => transaction !== undefined);
  } catch {
    return [];
  }
}

function store(transactions: SentTransaction[]): void {
  try {
    storage()?.setItem(TRANSACTIONS_KEY, JSON.stringify({ version: VERSION, transactions }));
  } catch {
    // Full or blocked storage: the list lasts as long as the page.
  }
}

/** The one of two records of the same transaction that knows more: settled over pending, else the later news. */
function better(a: SentTransaction, b: SentTransaction): SentTransaction {
  if (isPending(a) !== isPending(b)) return isPending(a) ? b : a;
  if (!isPending(a)) return (a.settledAt ?? 0) >= (b.settledAt ?? 0) ? a : b;
  // Both pending: the one the chain showed more recently (the nonce comes with that).
  return (b.seenAt ?? 0) > (a.seenAt ?? 0) ? b : a;
}

/** Both lists in one, each transaction once, newest first. */
export function mergeTransactions(...lists: SentTransaction[][]): SentTransaction[] {
  const byHash = new Map<string, SentTransaction>();
  for (const transaction of lists.flat()) {
    const known = byHash.get(transaction.hash);
    byHash.set(transaction.hash, known ? better(known, transaction) : transaction);
  }
  return [...byHash.values()].sort((a, b) => b.sentAt - a.sentAt);
}

/** The newest PENDING_PER_ACCOUNT pending and KEPT_PER_ACCOUNT settled transactions of each chain and account. */
export function boundTransactions(transactions: SentTransaction[]): SentTransaction[] {
  const counts = new Map<string, number>();
  return transactions.filter((transaction) => {
    const group = `${transaction.chainId}:${transaction.account}:${isPending(transaction) ? "pending" : "settled"}`;
    const kept = counts.get(group) ?? 0;
    counts.set(group, kept + 1);
    return kept < (isPending(transaction) ? PENDING_PER_ACCOUNT : KEPT_PER_ACCOUNT);
  });
}

/** Applies `change` to the list as stored now (another tab may have written since), keeps and shows the result. */
function commit(change: (transactions: SentTransaction[]) => SentTransaction[]): void {
  const current = mergeTransactions(readStoredTransactions(), useTransactionList.getState().transactions);
  const next = boundTransactions(change(current));
  store(next);
  useTransactionList.setState({ transactions: next });
}

export const transactionLog = {
  /** Every transaction kept, newest first. */
  all: (): SentTransaction[] => useTransactionList.getState().transactions,
  find: (hash: string): SentTransaction | undefined => useTransactionList.getState().transactions.find((transaction) => transaction.hash === hash),
  add(transaction: SentTransaction): void {
    commit((transactions) => mergeTransactions([transaction], transactions));
  },
  /** Changes what is known of a transaction; a settled one is never made pending again. */
  update(hash: string, patch: Partial<Pick<SentTransaction, "state" | "nonce" | "seenAt" | "settledAt" | "failure">>): void {
    commit((transactions) =>
      transactions.map((transaction) => {
        if (transaction.hash !== hash) return transaction;
        if (!isPending(transaction) && patch.state === "pending") return transaction;
        return { ...transaction, ...patch };
      }),
    );
  },
  /** Takes in what another tab stored. */
  reload(): void {
    useTransactionList.setState((state) => ({ transactions: boundTransactions(mergeTransactions(readStoredTransactions(), state.transactions)) }));
  },
};

// Loaded: what is stored now, and what another tab stores from now on.
transactionLog.reload();
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === TRANSACTIONS_KEY || event.key === null) transactionLog.reload();
  });
}
