/**
 * The owner's operations that may still apply, from the indexer, read when a page opens and again
 * every minute while it stays open and the tab is shown (at once when it is shown again, as the
 * history watch does, lib/history/indexed-head.ts): a change executed or cancelled meanwhile
 * leaves the notices without a reload. `unavailable` when the indexer cannot answer: the notices then say nothing
 * (the pages' figures come from the chain all the same).
 */
import { useEffect, useState } from "react";

import { fetchHistoryPage } from "@/lib/history/history";
import type { HistoryStatus } from "@/lib/history/use-history";

import { PENDING_OPERATIONS, readOperation, type Operation } from "./operations";

const REFRESH_MS = 60_000;

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
    // A hidden tab asks nothing; shown again, it reads at once.
    const timer = setInterval(() => document.visibilityState !== "hidden" && void load(), REFRESH_MS);
    const onVisibility = () => document.visibilityState === "visible" && void load();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      abort.abort();
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);
  return state;
}
