/**
 * What the log keeps of refused requests: a flood of them (a script hitting the request limit, a
 * scanner) must not grow the log without bound. The first few refusals of each minute are written
 * one by one; every refusal is counted, by status and key, in one summary line a minute.
 */
import type { FastifyBaseLogger } from "fastify";

import type { ApiError } from "./errors";

/** Refusals written one by one in each window; the rest are only counted. */
export const REFUSALS_LOGGED_PER_WINDOW = 5;
export const REFUSAL_WINDOW_MS = 60_000;

/** A request's path without its query string, where a token or a password may be. */
export const pathOf = (url: string | undefined) => (url ?? "").split("?", 1)[0];

export class RefusalLog {
  private counts = new Map<string, number>();
  private loggedInWindow = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly log: FastifyBaseLogger) {
    this.timer = setInterval(() => this.flush(), REFUSAL_WINDOW_MS);
    this.timer.unref();
  }

  /** Counts a refusal, and writes it when few have been written this window. */
  record(refusal: ApiError, detail: { method?: string; url?: string; code?: string } = {}): void {
    const kind = `${refusal.status} ${refusal.key}`;
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    if (this.loggedInWindow >= REFUSALS_LOGGED_PER_WINDOW) return;
    this.loggedInWindow++;
    const { method, url, code } = detail;
    this.log.info({ status: refusal.status, key: refusal.key, method, path: url === undefined ? undefined : pathOf(url), code }, "request refused");
  }

  /** Writes the window's counts, if any, and starts a new window. */
  flush(): void {
    this.loggedInWindow = 0;
    if (this.counts.size === 0) return;
    this.log.info({ refused: Object.fromEntries(this.counts) }, "requests refused in the last minute");
    this.counts = new Map();
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
