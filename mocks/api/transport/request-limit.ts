/**
 * The request limit: a budget of requests per client address and minute (@fastify/rate-limit),
 * for the routes that write and the name check. It applies to no route by itself: each of those
 * routes takes the one hook server.ts makes with `app.rateLimit()` (RouteContext.limited), so all
 * of them count against one budget (a limit in each route's options would get a store of its own).
 * Over it, a 429 `tooManyAttempts` with the seconds to wait as `count` (error-replies.ts adds Retry-After).
 */
import rateLimit from "@fastify/rate-limit";
import fp from "fastify-plugin";

import { ApiError } from "../errors";

/** A person registers, binds or logs in a few times a minute at most; scripts get a 429. */
export const DEFAULT_WRITES_PER_MINUTE = 30;

export const requestLimit = fp<{ writesPerMinute?: number }>(
  async (app, { writesPerMinute }) => {
    await app.register(rateLimit, {
      global: false,
      max: writesPerMinute ?? DEFAULT_WRITES_PER_MINUTE,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) => new ApiError(429, "tooManyAttempts", { count: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    });
  },
  { name: "api-request-limit", fastify: "5.x" },
);
