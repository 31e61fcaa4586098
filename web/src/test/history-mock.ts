/**
 * A stand-in indexer for screen tests, behind `fetch` (other requests go on to whatever `fetch`
 * was: the JSON-RPC stand-in). Each route answers its pages in order of their cursors, as the
 * indexer does; `down` makes every /history request fail, as when no indexer runs. Its newest
 * event (`/events?limit=1`, what open lists watch: lib/history/indexed-head.ts) is the newest row
 * of any page, unless `/events` is given: a test that adds a row to a page has the lists see it.
 */
import { vi } from "vitest";

export interface HistoryMock {
  /** The /history URLs asked for, in order, but the watch's. */
  requests: string[];
  /** How many times the newest event was asked for (the watch of open lists). */
  polls: number;
}

const NEWEST_EVENT = "/history/events?limit=1";

/** The newest position among `rows` and what they carry (an order's fills). */
function newest(rows: unknown): bigint | undefined {
  let top: bigint | undefined;
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) {
      const position = (value as { position?: unknown }).position;
      if (typeof position === "string" && /^\d+$/.test(position) && (top === undefined || BigInt(position) > top)) top = BigInt(position);
      Object.values(value).forEach(visit);
    }
  };
  visit(rows);
  return top;
}

/** `pages[route]` is that route's pages: the first is asked without a cursor, page i+1 with
 *  `cursor=page-i`. A route with a query of its own is found by it first, then by its path. */
export function mockHistory(pages: Record<string, Record<string, unknown>[][]> | "down"): HistoryMock {
  const mock: HistoryMock = { requests: [], polls: 0 };
  const before = globalThis.fetch;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      if (!url.pathname.startsWith("/history/")) return before(input, init);
      const asked = `${url.pathname}${url.search}`;
      if (asked === NEWEST_EVENT) mock.polls += 1;
      else mock.requests.push(asked);
      if (pages === "down") return new Response("Bad gateway", { status: 502 });
      if (asked === NEWEST_EVENT && !pages["/events"]) {
        const top = newest(Object.values(pages));
        return Response.json({ items: top === undefined ? [] : [{ position: String(top) }], next: null });
      }
      const route = url.pathname.slice("/history".length);
      // A route may be given with its own query ('/governance/operations?status=pending'): the
      // cursor and the page's size are the mock's, anything else names the list.
      const query = new URLSearchParams(url.search);
      query.delete("cursor");
      query.delete("limit");
      const named = query.size > 0 ? `${route}?${query}` : route;
      const list = pages[named] ?? pages[route] ?? [[]];
      const cursor = url.searchParams.get("cursor");
      const index = cursor === null ? 0 : Number(cursor.replace("page-", "")) + 1;
      const items = list[index] ?? [];
      return Response.json({ items, next: index + 1 < list.length ? `page-${index}` : null });
    }),
  );
  return mock;
}
