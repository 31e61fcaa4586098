/**
 * Whether the owner has anything queued, asked of the indexer in one small request: the home page
 * loads its governance notices (a part of their own) only when there is something to say, so that
 * its first download does without them (docs/performance.md §1). Kept apart from ./operations.ts,
 * which brings the history reader with it; the path is that of HISTORY_PATH and PENDING_OPERATIONS.
 */
import { useEffect, useState } from "react";

export function useAnyPending(): boolean {
  const [any, setAny] = useState(false);
  useEffect(() => {
    // Bounded as every history request is (lib/history): a reader that never answers is no notice.
    fetch("/history/governance/operations?status=pending&limit=1", { signal: AbortSignal.timeout(5_000) })
      .then((reply) => reply.json())
      .then((page: { items: unknown[] }) => setAny(page.items.length > 0))
      // Without the indexer (or with an answer that is not a page): nothing said, as every history view.
      .catch(() => undefined);
  }, []);
  return any;
}
