/**
 * What a failed request answers, and what the log gets. The body is a few generic words,
 * `{ "error": "..." }`: never an exception's message, a query or a server path (Ponder's own
 * error page sends all three). The cause goes to the indexer's log, one line per failure.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";

import { TooManyRequests } from "./gate";
import { BadRequest } from "./page";
import { Unavailable } from "./reader";

/** The status and body for `error`: a 400's sentence is ours (it says what to fix); others say only what kind of failure it is. */
export function failure(error: unknown): { status: 400 | 429 | 500 | 503; body: { error: string } } {
  if (error instanceof BadRequest) return { status: 400, body: { error: error.message } };
  if (error instanceof TooManyRequests) return { status: 429, body: { error: "too many requests at once" } };
  // The database did not answer in time, or the request as a whole did not (index.ts).
  if (error instanceof Unavailable || (error instanceof HTTPException && error.status === 503)) return { status: 503, body: { error: "history is unavailable" } };
  return { status: 500, body: { error: "internal error" } };
}

/** One line in the log: the request and the cause, with the database's error code when it has one. */
export function logFailure(c: Context, error: unknown): void {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const { code, message } = (cause ?? {}) as { code?: string; message?: string };
  console.warn(`history: ${c.req.method} ${c.req.path} failed: ${error instanceof Error ? error.name : "error"}${code ? ` ${code}` : ""}: ${message ?? String(cause)}`);
}
