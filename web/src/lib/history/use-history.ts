/**
 * A history list for a page (./history.ts): the first page when `route` is set, more on demand.
 * `unavailable` when the indexer cannot answer (not running, not deployed, a timeout): pages say
 * so in one calm line and everything else on them goes on (docs/decisions/indexer.md).
 *
 * With `refresh`, a transaction this device sends and sees confirmed (of one of its kinds) has the
 * first page read again, a few times while the indexer catches up with the chain (a block or two),
 * until that page shows the transaction: the user sees what they just did without a reload.
 */
import { useCallback, useEffect, useState } from "react";

import { kindOf } from "@/lib/transactions/sent-transaction";
import { useAccountTransactions } from "@/lib/transactions/use-transactions";

import { fetchHistoryPage, type HistoryPage, type Placed } from "./history";

export type HistoryStatus = "loading" | "ready" | "unavailable";

export interface HistoryList<T> {
  items: T[];
  status: HistoryStatus;
  /** More rows exist: `loadMore` fetches the next page. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

/** Whose confirmed transactions, of which kinds ('claim', 'synthesize'…; all when absent), read the list again. */
interface HistoryRefresh {
  account: string;
  kinds?: readonly string[];
}

/** When the first page is read again after a confirmation: the indexer is a block or two behind,
 *  so mostly the first read finds it; the later ones reach past two minutes (127 s in all), how long
 *  the activity page keeps a confirmed transaction in "Sent from this device" (docs/decisions/indexer.md). */
export const RELOAD_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000];

interface State<T> {
  route: string | null;
  items: T[];
  next: string | null;
  status: HistoryStatus;
  loadingMore: boolean;
}

/** Whether a row, or what it carries (an order's fills, its withdrawal), is of transaction `hash`. */
function mentions(row: unknown, hash: string): boolean {
  if (typeof row === "string") return row.toLowerCase() === hash;
  if (Array.isArray(row)) return row.some((item) => mentions(item, hash));
  return typeof row === "object" && row !== null && Object.values(row).some((value) => mentions(value, hash));
}

/** The hash of `refresh.account`'s newest transaction of its kinds confirmed since `since` (ms), if
 *  any: one confirmed before the list opened is in its first read, even when the device's
 *  transactions are read from storage after the list opened. */
function useConfirmedSince(refresh: HistoryRefresh | undefined, since: number): string | undefined {
  const transactions = useAccountTransactions(refresh?.account);
  if (!refresh) return undefined;
  return transactions.find(
    (transaction) => transaction.state === "confirmed" && (transaction.settledAt ?? 0) >= since && (!refresh.kinds || refresh.kinds.includes(kindOf(transaction.action))),
  )?.hash;
}

/** The list with `page` read again as its first page: the pages loaded beyond it ("Show more") stay,
 *  with their cursor, so reading again never takes back what the user asked to see. */
function withFirstPage<T extends Placed>(old: State<T>, page: HistoryPage<T>): Pick<State<T>, "items" | "next"> {
  const last = page.items.at(-1);
  const beyond = last && page.next !== null ? old.items.filter((row) => BigInt(row.position) < BigInt(last.position)) : [];
  return beyond.length === 0 ? { items: page.items, next: page.next } : { items: [...page.items, ...beyond], next: old.next };
}

export function useHistory<T extends Placed>(route: string | null, read: (row: Record<string, unknown>) => T, refresh?: HistoryRefresh): HistoryList<T> {
  const [state, setState] = useState<State<T>>({ route, items: [], next: null, status: "loading", loadingMore: false });
  // A new route starts anew (another account), without a render of the old one's rows.
  if (state.route !== route) setState({ route, items: [], next: null, status: "loading", loadingMore: false });

  const showFirstPage = useCallback(
    (page: HistoryPage<T>) => setState((old) => (old.route === route ? { ...old, items: page.items, next: page.next, status: "ready", loadingMore: false } : old)),
    [route],
  );

  useEffect(() => {
    if (!route) return;
    const abort = new AbortController();
    fetchHistoryPage(route, read, null, abort.signal).then(showFirstPage, () => {
      if (!abort.signal.aborted) setState((old) => (old.route === route ? { ...old, status: "unavailable" } : old));
    });
    return () => abort.abort();
  }, [route, read, showFirstPage]);

  const [openedAt] = useState(() => Date.now());
  const confirmed = useConfirmedSince(refresh, openedAt);
  useEffect(() => {
    if (!route || !confirmed) return;
    const abort = new AbortController();
    const reload = async () => {
      for (const [attempt, delay] of RELOAD_DELAYS_MS.entries()) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (abort.signal.aborted) return;
        try {
          const page = await fetchHistoryPage(route, read, null, abort.signal);
          setState((old) => (old.route === route ? { ...old, ...withFirstPage(old, page), status: "ready" } : old));
          if (page.items.some((row) => mentions(row, confirmed))) return;
        } catch {
          // What shows stays while the next try may find the indexer back; after the last, the list
          // says it is unavailable (and the activity page shows this device's transactions again).
          if (abort.signal.aborted) return;
          if (attempt === RELOAD_DELAYS_MS.length - 1) setState((old) => (old.route === route ? { ...old, status: "unavailable" } : old));
        }
      }
    };
    void reload();
    return () => abort.abort();
  }, [route, read, confirmed, showFirstPage]);

  const loadMore = useCallback(() => {
    const { next } = state;
    if (!route || !next || state.loadingMore) return;
    setState((old) => ({ ...old, loadingMore: true }));
    fetchHistoryPage(route, read, next).then(
      (page) => setState((old) => (old.route === route && old.next === next ? { ...old, items: [...old.items, ...page.items], next: page.next, loadingMore: false } : old)),
      () => setState((old) => (old.route === route ? { ...old, status: "unavailable", loadingMore: false } : old)),
    );
  }, [route, read, state]);

  return { items: state.items, status: route ? state.status : "loading", hasMore: state.next !== null, loadingMore: state.loadingMore, loadMore };
}
