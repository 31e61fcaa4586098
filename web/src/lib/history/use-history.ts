/**
 * A history list for a page (./history.ts): the first page when `route` is set, more on demand.
 * `unavailable` when the indexer cannot answer (not running, not deployed, a timeout): pages say
 * so in one calm line and everything else on them goes on (docs/decisions/indexer.md).
 */
import { useCallback, useEffect, useState } from "react";

import { fetchHistoryPage, type HistoryPage } from "./history";

export type HistoryStatus = "loading" | "ready" | "unavailable";

export interface HistoryList<T> {
  items: T[];
  status: HistoryStatus;
  /** More rows exist: `loadMore` fetches the next page. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

interface State<T> {
  route: string | null;
  items: T[];
  next: string | null;
  status: HistoryStatus;
  loadingMore: boolean;
}

export function useHistory<T>(route: string | null, read: (row: Record<string, unknown>) => T): HistoryList<T> {
  const [state, setState] = useState<State<T>>({ route, items: [], next: null, status: "loading", loadingMore: false });
  // A new route starts anew (another account), without a render of the old one's rows.
  if (state.route !== route) setState({ route, items: [], next: null, status: "loading", loadingMore: false });

  useEffect(() => {
    if (!route) return;
    const abort = new AbortController();
    fetchHistoryPage(route, read, null, abort.signal).then(
      (page: HistoryPage<T>) => setState((old) => (old.route === route ? { ...old, items: page.items, next: page.next, status: "ready" } : old)),
      () => {
        if (!abort.signal.aborted) setState((old) => (old.route === route ? { ...old, status: "unavailable" } : old));
      },
    );
    return () => abort.abort();
  }, [route, read]);

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
