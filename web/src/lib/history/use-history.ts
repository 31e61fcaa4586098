/**
 * A history list for a page (./history.ts): the first page when `route` is set, more on demand
 * (MORE_ROWS a request). `unavailable` when the indexer cannot answer (not running, not deployed, a
 * timeout): pages say so in one calm line and everything else on them goes on
 * (docs/decisions/indexer.md).
 *
 * Live while open: the list reads its first page again whenever the indexer holds an event newer
 * than the one it held at the list's last read (./indexed-head.ts, one small read of the indexer
 * every few seconds, never of the node), and merges it on top of what is shown, keeping the pages
 * loaded below (./fresh-top.ts). With `refresh`, a transaction this device sees confirmed (of one
 * of its kinds) has the indexer asked every second until the list shows it: the user sees what
 * they just did within a second or two of the indexer having it.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";

import { kindOf } from "@/lib/transactions/sent-transaction";
import { useAccountTransactions } from "@/lib/transactions/use-transactions";

import { reaches, withFreshTop } from "./fresh-top";
import { fetchHistoryPage, MORE_ROWS, type HistoryPage, type Placed } from "./history";
import { hurryIndexedHead, indexedHead, subscribeIndexedHead, type IndexedHead } from "./indexed-head";

export type HistoryStatus = "loading" | "ready" | "unavailable";

export interface HistoryList<T> {
  items: T[];
  status: HistoryStatus;
  /** More rows exist: `loadMore` fetches the next page. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

/** Whose confirmed transactions, of which kinds ('claim', 'synthesize'…; all when absent), have the list watched closely. */
interface HistoryRefresh {
  account: string;
  kinds?: readonly string[];
}

/** How many more pages a read from the top may take to reach the rows shown (a buy of 50 fills
 *  puts 51 rows on top of an activity page at once); past that the list starts again from the top. */
export const CATCH_UP_PAGES = 5;

interface State<T> {
  route: string | null;
  items: T[];
  next: string | null;
  status: HistoryStatus;
  loadingMore: boolean;
  /** The indexer's answer when the first page was last read: read again when a newer one says more. */
  readWith: IndexedHead | undefined;
}

const initial = <T>(route: string | null): State<T> => ({ route, items: [], next: null, status: "loading", loadingMore: false, readWith: undefined });

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

/** Whether the first page is to be read (again) now that the indexer answered `head`. */
function due<T>(state: State<T>, head: IndexedHead): boolean {
  // Its first answer is on its way (a moment): reading first would leave the list not knowing
  // which events it has seen, and read again for nothing. While the indexer does not answer, the
  // list says so (useHistory) and waits for it.
  if (head.position === undefined || !head.ok || state.readWith === head) return false;
  return state.status !== "ready" || state.readWith?.position !== head.position;
}

/** The first page, then more until they reach `shown` (the rows on screen), at most CATCH_UP_PAGES. */
async function readTop<T extends Placed>(route: string, read: (row: Record<string, unknown>) => T, shown: T[], signal: AbortSignal): Promise<HistoryPage<T>> {
  let fresh = await fetchHistoryPage(route, read, null, { signal });
  for (let more = 0; more < CATCH_UP_PAGES && !reaches(shown, fresh); more++) {
    const page = await fetchHistoryPage(route, read, fresh.next, { signal, limit: MORE_ROWS });
    fresh = { items: [...fresh.items, ...page.items], next: page.next };
  }
  return fresh;
}

const watchNothing = () => () => undefined;

export function useHistory<T extends Placed>(route: string | null, read: (row: Record<string, unknown>) => T, refresh?: HistoryRefresh): HistoryList<T> {
  const [state, setState] = useState<State<T>>(() => initial(route));
  // A new route starts anew (another account), without a render of the old one's rows.
  if (state.route !== route) setState(initial(route));
  const head = useSyncExternalStore(route ? subscribeIndexedHead : watchNothing, indexedHead);

  // One read of the top at a time; a newer answer meanwhile is read after it.
  const reading = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      reading.current?.abort();
      reading.current = null;
    },
    [route],
  );
  useEffect(() => {
    if (!route || state.route !== route || reading.current || !due(state, head)) return;
    const abort = new AbortController();
    reading.current = abort;
    const done = (change: (old: State<T>) => State<T>) => {
      if (abort.signal.aborted) return;
      reading.current = null;
      setState((old) => (old.route === route ? change(old) : old));
    };
    readTop(route, read, state.items, abort.signal).then(
      (fresh) => done((old) => ({ ...old, ...withFreshTop(old, fresh), status: "ready", readWith: head })),
      () => done((old) => ({ ...old, status: "unavailable", readWith: head })),
    );
  }, [route, read, head, state]);

  const [openedAt] = useState(() => Date.now());
  const confirmed = useConfirmedSince(refresh, openedAt);
  const shown = useMemo(() => confirmed !== undefined && state.items.some((row) => mentions(row, confirmed)), [confirmed, state.items]);
  useEffect(() => {
    if (route && confirmed && !shown) return hurryIndexedHead();
  }, [route, confirmed, shown]);

  const loadMore = useCallback(() => {
    const { next } = state;
    if (!route || !next || state.loadingMore || state.status !== "ready") return;
    setState((old) => ({ ...old, loadingMore: true }));
    fetchHistoryPage(route, read, next, { limit: MORE_ROWS }).then(
      // A read from the top that started the list again meanwhile has its own cursor: this page is not its next.
      (page) => setState((old) => (old.route !== route ? old : old.next === next ? { ...old, items: [...old.items, ...page.items], next: page.next, loadingMore: false } : { ...old, loadingMore: false })),
      () => setState((old) => (old.route === route ? { ...old, status: "unavailable", loadingMore: false } : old)),
    );
  }, [route, read, state]);

  // The indexer not answering its watch: history is unavailable, and what shows stays.
  const status = !route ? "loading" : head.ok ? state.status : "unavailable";
  return { items: state.items, status, hasMore: state.next !== null, loadingMore: state.loadingMore, loadMore };
}
