/**
 * A chart's data from the indexer (./history.ts): every page of a route of time buckets (the
 * market's hours or days, an account's claim days), newest first as sent, up to `maxPages` of
 * MORE_ROWS, returned oldest first as a chart draws them. Read again whenever the indexer holds a
 * newer event (./indexed-head.ts, as every history list: never the node), so an open chart takes
 * in new fills and claims. `unavailable` when the indexer does not answer; what was shown stays.
 */
import { useEffect, useState, useSyncExternalStore } from "react";

import { fetchHistoryPage, MORE_ROWS, type Bucket } from "./history";
import { indexedHead, subscribeIndexedHead, type IndexedHead } from "./indexed-head";
import type { HistoryStatus } from "./use-history";

export interface HistorySeries<T> {
  /** Oldest first. */
  rows: T[];
  status: HistoryStatus;
}

interface Read<T> {
  route: string;
  rows: T[];
  status: HistoryStatus;
  /** The indexer's answer the rows were read after. */
  readWith: IndexedHead | undefined;
}

const watchNothing = () => () => undefined;

/** Every page of `route`, up to `maxPages`, oldest row first. */
async function readAll<T extends Bucket>(route: string, read: (row: Record<string, unknown>) => T, maxPages: number, signal: AbortSignal): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const found: { items: T[]; next: string | null } = await fetchHistoryPage(route, read, cursor, { signal, limit: MORE_ROWS });
    rows.push(...found.items);
    cursor = found.next;
    if (!cursor) break;
  }
  return rows.reverse();
}

export function useHistorySeries<T extends Bucket>(route: string | null, read: (row: Record<string, unknown>) => T, maxPages: number): HistorySeries<T> {
  const head = useSyncExternalStore(route ? subscribeIndexedHead : watchNothing, indexedHead);
  const [state, setState] = useState<Read<T> | undefined>();
  const current = state?.route === route ? state : undefined;
  // Read at the indexer's first answer, again at a newer event, and after a failure at its next answer.
  const due =
    route !== null && head.ok && head.position !== undefined && current?.readWith !== head && (current?.status !== "ready" || current.readWith?.position !== head.position);

  useEffect(() => {
    if (!route || !due) return;
    const abort = new AbortController();
    readAll(route, read, maxPages, abort.signal).then(
      (rows) => !abort.signal.aborted && setState({ route, rows, status: "ready", readWith: head }),
      () => !abort.signal.aborted && setState((old) => ({ route, rows: old?.route === route ? old.rows : [], status: "unavailable", readWith: head })),
    );
    return () => abort.abort();
  }, [route, read, maxPages, head, due]);

  if (!route) return { rows: [], status: "loading" };
  // The indexer not answering its watch: unavailable, and what shows stays.
  const status = !head.ok ? "unavailable" : (current?.status ?? "loading");
  return { rows: current?.rows ?? [], status };
}
