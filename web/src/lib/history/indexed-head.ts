/**
 * What is new at the indexer, asked of the indexer and never of the node (docs/decisions/indexer.md):
 * the position of the newest event it holds, read every WATCH_MS while a history list is open and
 * the tab is visible, and every HURRY_MS for a while after this device's transaction is confirmed.
 * One read per tab, however many lists are on screen; each list reads its first page again when the
 * indexer holds an event newer than the one it held when that list last read (./use-history.ts).
 *
 * Why the newest event and not the indexed block: every row of every list comes from an event, while
 * blocks come whether or not anything happened (one every 0.75 s on BNB Chain), so watching blocks
 * would read every list again at every poll for nothing. The route is the indexer's own list of
 * events (`/history/events`), one row: an index range of one.
 */
import { fetchHistoryPage } from "./history";

/** How often the indexer is asked while a list is open: a new row shows within this and a read. */
export const WATCH_MS = 4_000;
/** How often after this device's confirmed transaction, until the list shows it or HURRY_FOR_MS pass. */
export const HURRY_MS = 1_000;
/** Enough for an indexer a block or two behind; one further behind is caught by the WATCH_MS reads. */
export const HURRY_FOR_MS = 60_000;

/** The newest event the indexer held at its last answer: a new object at every answer, so a list
 *  can tell one answer from the next (and try again, once per answer, a page that failed). */
export interface IndexedHead {
  /** Its position (block × 1,000,000 + log index); null when it holds none; undefined until the first answer. */
  position: string | null | undefined;
  /** Whether the last read was answered: when not, every list says history is unavailable. */
  ok: boolean;
}

const NEWEST_EVENT = "/events?limit=1";
const UNKNOWN: IndexedHead = { position: undefined, ok: true };

let head: IndexedHead = UNKNOWN;
const listeners = new Set<() => void>();
/** When each hurry ends (ms). */
const hurries = new Map<object, number>();
let timer: ReturnType<typeof setTimeout> | undefined;
let polling = false;
/** Bumped when the last list closes: a read still on its way then changes nothing. */
let generation = 0;

function publish(next: IndexedHead): void {
  head = next;
  for (const listener of listeners) listener();
}

function delay(): number {
  const now = Date.now();
  for (const [hurry, until] of hurries) if (until <= now) hurries.delete(hurry);
  return hurries.size > 0 ? HURRY_MS : WATCH_MS;
}

function schedule(ms: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void poll(), ms);
}

async function poll(): Promise<void> {
  timer = undefined;
  // A hidden tab asks nothing; it reads at once when shown again (onVisibility).
  if (listeners.size === 0 || polling || document.visibilityState === "hidden") return;
  const run = generation;
  polling = true;
  let next: IndexedHead;
  try {
    const page = await fetchHistoryPage(NEWEST_EVENT, (row) => String(row.position), null);
    next = { position: page.items[0] ?? null, ok: true };
  } catch {
    next = { position: head.position, ok: false };
  }
  if (run !== generation) return;
  polling = false;
  publish(next);
  schedule(delay());
}

function onVisibility(): void {
  if (document.visibilityState !== "hidden" && timer === undefined) void poll();
}

/** The last answer (a new object each time it changes: for useSyncExternalStore). */
export function indexedHead(): IndexedHead {
  return head;
}

/** Calls `listener` when the answer changes; the first list opened starts the reads at once, the last closed stops them. */
export function subscribeIndexedHead(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    document.addEventListener("visibilitychange", onVisibility);
    void poll();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    // Nothing is open: forget everything, so the next list starts from a fresh answer.
    document.removeEventListener("visibilitychange", onVisibility);
    clearTimeout(timer);
    timer = undefined;
    polling = false;
    generation += 1;
    hurries.clear();
    head = UNKNOWN;
  };
}

/** Reads every HURRY_MS (and once now) until the returned function is called or HURRY_FOR_MS pass. */
export function hurryIndexedHead(): () => void {
  const hurry = {};
  hurries.set(hurry, Date.now() + HURRY_FOR_MS);
  if (listeners.size > 0 && !polling) schedule(0);
  return () => {
    hurries.delete(hurry);
  };
}
