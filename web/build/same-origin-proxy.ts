/**
 * The dev and preview servers' proxies to the account API (/api) and the indexer (/history), at the
 * page's own origin (docs/operations.md §5). Vite passes a request's path on as it was written, so
 * '/history/../metrics' (or '/history/%2e%2e/metrics') would reach the indexer's /metrics, outside
 * the routes the app may ask for. Such a path is answered 404 here; in production the front door's
 * nginx refuses it with 400 (docs/nginx/app.conf, docs/operations.md §3).
 */
import type { ProxyOptions } from "vite";

/** Whether a request path leaves its prefix: a '.' or '..' segment, plain or percent-encoded (once
 *  or more), or a backslash, which some servers read as a slash. A path that will not decode counts. */
export function leavesItsPrefix(url: string): boolean {
  let path = url.split("?")[0] ?? "";
  for (let decoded = 0; decoded < 3; decoded++) {
    if (/(^|[/\\])\.{1,2}([/\\]|$)/.test(path) || path.includes("\\")) return true;
    try {
      const next = decodeURIComponent(path);
      if (next === path) return false;
      path = next;
    } catch {
      return true;
    }
  }
  return true;
}

export function sameOriginProxy(target: string): ProxyOptions {
  return { target, bypass: (request) => (leavesItsPrefix(request.url ?? "") ? false : undefined) };
}
