/**
 * The transport rules every request meets before and after the routes: Fastify's own settings
 * (`serverOptions`: the log, the body limit, who the client is) and the plugins of this folder,
 * registered together by `transport`. They are wrapped with fastify-plugin, so their hooks,
 * handlers and the `refusals` decorator apply to the whole app, not to a scope of their own.
 *
 *   request-log.ts    served requests at debug level; refusals sampled and counted (`app.refusals`)
 *   raw-socket.ts     what never becomes a request: Node's parse errors, bad %-encoding, CONNECT
 *   headers.ts        one Host per request; Cache-Control: no-store on every answer
 *   error-replies.ts  every refusal as a status and a message key; the 404 of unknown routes
 *   request-limit.ts  the per-client budget the writing routes share
 *
 * Timeouts are Node's and Fastify's defaults; a request too slow to arrive is refused in
 * raw-socket.ts. The referrer check, the one call the API waits on, has its own (referrers.ts).
 */
import type { Server } from "node:http";

import { LogController, type FastifyHttpOptions, type FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";

import { errorReplies } from "./error-replies";
import { headerRules } from "./headers";
import { refuseBadUrl, refuseConnect, refuseUnparsed } from "./raw-socket";
import { requestLimit } from "./request-limit";
import { REDACTED_LOG_PATHS, requestLog } from "./request-log";

/** Every request body is a few hundred bytes; 16 KiB leaves room and refuses floods early. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

export interface TransportOptions {
  logger?: FastifyServerOptions["logger"];
  /** Proxies whose X-Forwarded-For names the client (ApiOptions.trustedProxies). */
  trustedProxies?: string[];
}

/** What Fastify is made with: settings that belong to the server, not to a plugin. */
export function serverOptions(options: TransportOptions): FastifyHttpOptions<Server> {
  return {
    logger: options.logger ?? { level: "info", redact: REDACTED_LOG_PATHS },
    // Fastify's two lines per request are off: served requests and refusals are logged by
    // request-log.ts, without query strings, refusals sampled and counted.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A request without Host reaches the hooks (headers.ts), which refuse it with a message key,
    // instead of Node's bare 400.
    http: { requireHostHeader: false },
    clientErrorHandler: refuseUnparsed,
    frameworkErrors: refuseBadUrl,
    trustProxy: options.trustedProxies?.length ? options.trustedProxies : false,
  };
}

export const transport = fp<{ writesPerMinute?: number }>(
  async (app, { writesPerMinute }) => {
    await app.register(requestLog);
    await app.register(refuseConnect);
    await app.register(headerRules);
    await app.register(errorReplies);
    await app.register(requestLimit, { writesPerMinute });
  },
  { name: "api-transport", fastify: "5.x" },
);
