/**
 * What the log keeps of requests. Served requests are written at debug level only, without their
 * query string; a flood of refused ones (a script hitting the request limit, a scanner) must not
 * grow the log without bound: the first few refusals of each minute are written one by one, and
 * every refusal is counted, by status and key, in one summary line a minute. The refusal log is
 * the app's `refusals` decorator, which the other transport plugins write to.
 */
import type { FastifyBaseLogger } from "fastify";
import fp from "fastify-plugin";

import type { ApiError } from "../errors";

/** Log fields that must never be written, whatever a handler logs. */
export const REDACTED_LOG_PATHS = ["req.headers.authorization", "req.headers.cookie", "password", "token", "signature"];

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

declare module "fastify" {
  interface FastifyInstance {
    /** Where every refusal is counted (request-log.ts). */
    refusals: RefusalLog;
  }
}

/**
 * The app's `refusals`, and served requests at debug level. Fastify's own two lines per request
 * are off (transport/index.ts): with the URL's query string, where a token may be, they would grow
 * the log with every request of a flood.
 */
export const requestLog = fp(
  async (app) => {
    const refusals = new RefusalLog(app.log);
    app.decorate("refusals", refusals);
    app.addHook("onResponse", async (request, reply) => {
      if (reply.statusCode < 400) request.log.debug({ method: request.method, path: pathOf(request.url), status: reply.statusCode, ms: reply.elapsedTime }, "request served");
    });
    app.addHook("onClose", async () => refusals.close());
  },
  { name: "api-request-log", fastify: "5.x" },
);
