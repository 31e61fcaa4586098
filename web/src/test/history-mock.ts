/**
 * A stand-in indexer for screen tests, behind `fetch` (other requests go on to whatever `fetch`
 * was: the JSON-RPC stand-in). Each route answers its pages in order of their cursors, as the
 * indexer does; `down` makes every /history request fail, as when no indexer runs.
 */
import { vi } from "vitest";

export interface HistoryMock {
  /** The /history URLs asked for, in order. */
  requests: string[];
}

/** `pages[route]` is that route's pages: the first is asked without a cursor, page i+1 with
 *  `cursor=page-i`. A route with a query of its own is found by it first, then by its path. */
export function mockHistory(pages: Record<string, Record<string, unknown>[][]> | "down"): HistoryMock {
  const requests: string[] = [];
  const before = globalThis.fetch;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), "http://app.test");
      if (!url.pathname.startsWith("/history/")) return before(input, init);
      requests.push(`${url.pathname}${url.search}`);
      if (pages === "down") return new Response("Bad gateway", { status: 502 });
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
  return { requests };
}
