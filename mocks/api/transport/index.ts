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
 *   slow-clients.ts   the body's time limit, an announced body over the limit, connections per client
 *   cross-site.ts     writes from another site's pages, and bodies that are not JSON, refused
 *   request-limit.ts  the per-client budget the writing routes share
 *
 * Time limits: the headers (DEFAULT_HEADERS_TIMEOUT_MS) and the whole request, headers and body
 * (DEFAULT_REQUEST_TIMEOUT_MS), are Node's (`headersTimeout`, `requestTimeout`), which refuses a
 * request too slow to arrive in raw-socket.ts; the body alone (slow-clients.ts) is the API's. The
 * referrer check, the one call the API waits on, has its own (referrers.ts).
 */
import type { Server } from "node:http";

import { LogController, type FastifyHttpOptions, type FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";

import { crossSite } from "./cross-site";
import { errorReplies } from "./error-replies";
import { headerRules } from "./headers";
import { refuseBadUrl, refuseConnect, refuseUnparsed } from "./raw-socket";
import { requestLimit } from "./request-limit";
import { REDACTED_LOG_PATHS, requestLog } from "./request-log";
import { slowClients } from "./slow-clients";

export { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_CONNECTIONS_PER_CLIENT } from "./slow-clients";

/** Every request body is a few hundred bytes; 16 KiB leaves room and refuses floods early. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;
/** A browser sends its headers in one go; 10 s is for a very slow link. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** Headers and body together. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export interface TransportOptions {
  logger?: FastifyServerOptions["logger"];
  /** Proxies whose X-Forwarded-For names the client (ApiOptions.trustedProxies). */
  trustedProxies?: string[];
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
}

/** What Fastify is made with: settings that belong to the server, not to a plugin. */
export function serverOptions(options: TransportOptions): FastifyHttpOptions<Server> {
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  // Node wants the whole request's limit no shorter than the headers'.
  const requestTimeout = Math.max(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, headersTimeout);
  return {
    logger: options.logger ?? { level: "info", redact: REDACTED_LOG_PATHS },
    // Fastify's two lines per request are off: served requests and refusals are logged by
    // request-log.ts, without query strings, refusals sampled and counted.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A request without Host reaches the hooks (headers.ts), which refuse it with a message key,
    // instead of Node's bare 400.
    // Node checks both limits every connectionsCheckingInterval (30 s by default, longer than
    // the limits): a tenth of the shorter one, at most a second.
    http: { requireHostHeader: false, headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(1_000, Math.ceil(headersTimeout / 10)) },
    // Fastify sets Node's requestTimeout again from its own option.
    requestTimeout,
    clientErrorHandler: refuseUnparsed,
    frameworkErrors: refuseBadUrl,
    trustProxy: options.trustedProxies?.length ? options.trustedProxies : false,
  };
}

export interface TransportPluginOptions {
  /** The app's public origin: writes from other sites' pages are refused (cross-site.ts). */
  origin: string;
  writesPerMinute?: number;
  bodyTimeoutMs?: number;
  connectionsPerClient?: number;
  trustedProxies?: string[];
}

export const transport = fp<TransportPluginOptions>(
  async (app, options) => {
    await app.register(requestLog);
    await app.register(refuseConnect);
    await app.register(headerRules);
    await app.register(errorReplies);
    await app.register(slowClients, {
      bodyLimit: DEFAULT_BODY_LIMIT,
      bodyTimeoutMs: options.bodyTimeoutMs,
      connectionsPerClient: options.connectionsPerClient,
      trustedProxies: options.trustedProxies,
    });
    await app.register(crossSite, { origin: options.origin });
    await app.register(requestLimit, { writesPerMinute: options.writesPerMinute });
  },
  { name: "api-transport", fastify: "5.x" },
);
