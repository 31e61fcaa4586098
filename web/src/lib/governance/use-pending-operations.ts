/**
 * The owner's operations that may still apply, from the indexer, read when a page opens and again
 * every minute while it stays open: a change executed or cancelled meanwhile leaves the notices
 * without a reload. `unavailable` when the indexer cannot answer: the notices then say nothing
 * (the pages' figures come from the chain all the same).
 */
import { useEffect, useState } from "react";

import { fetchHistoryPage } from "@/lib/history/history";
import type { HistoryStatus } from "@/lib/history/use-history";

import { PENDING_OPERATIONS, readOperation, type Operation } from "./operations";

export const REFRESH_MS = 60_000;

export function usePendingOperations(): { operations: Operation[]; status: HistoryStatus } {
  const [state, setState] = useState<{ operations: Operation[]; status: HistoryStatus }>({ operations: [], status: "loading" });
  useEffect(() => {
    const abort = new AbortController();
    const load = () =>
      fetchHistoryPage(PENDING_OPERATIONS, readOperation, null, { signal: abort.signal }).then(
        (page) => setState({ operations: page.items, status: "ready" }),
        // What was shown stays while the indexer is away a moment; never shown, it stays unsaid.
        () => !abort.signal.aborted && setState((old) => (old.status === "ready" ? old : { operations: [], status: "unavailable" })),
      );
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      abort.abort();
      clearInterval(timer);
    };
  }, []);
  return state;
}
