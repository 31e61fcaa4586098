/**
 * How refusals are answered: an ApiError (errors.ts) thrown anywhere, or one of Fastify's own
 * (body parsing, limits) translated, becomes its status and `{ error: { key } }`, counted in the
 * refusal log (request-log.ts); a 429 tells when to try again; a database out of reach is a 503
 * with the `network` key (the app's network message); anything else is a 500 with the
 * `unknown` key, logged, never a stack trace. An unknown route is a 404 `notFound`.
 */
import type { Readable } from "node:stream";

import fp from "fastify-plugin";

import { isDatabaseUnavailable } from "../database";
import { ApiError, badRequest, errorBody } from "../errors";

/** Fastify's own refusals (body parsing, limits) in the API's words. */
function frameworkError(error: { code?: string; statusCode?: number }): ApiError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError(413, "bodyTooLarge");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError(415, "malformedRequest");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return badRequest("malformedRequest");
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new ApiError(error.statusCode, "malformedRequest");
  return undefined;
}

/** Requests whose body is not to be read before they are answered (announced over the limit; slow-clients.ts). */
const unread = new WeakSet<object>();
export const leaveUnread = (request: { raw: object }) => void unread.add(request.raw);

/** Requests already refused straight on their connection (a body too slow; slow-clients.ts): not counted again when their body fails. */
const refusedOnSocket = new WeakSet<object>();
export const refuseOnSocket = (request: { raw: object }) => void refusedOnSocket.add(request.raw);

/** A body refused unread (too large, or its request over the limit) is still read, up to this much, so the client sees the refusal. */
const MAX_DRAINED_BODY = 32 * 1024 * 1024;

/**
 * Reads and drops what is left of a request's body (at most MAX_DRAINED_BODY): a server that
 * answers and closes while the client is still sending resets the connection, and the client (or
 * the proxy in front, which then answers 502) never reads the answer.
 */
function drain(body: Readable): Promise<void> {
  if (body.readableEnded || body.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      body.off("data", count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_DRAINED_BODY) done();
    };
    body.on("data", count);
    body.once("end", done);
    body.once("close", done);
    body.once("error", done);
    body.resume();
  });
}

export const errorReplies = fp(
  async (app) => {
    app.setErrorHandler(async (error: Error & { code?: string; statusCode?: number }, request, reply) => {
      const refusal = error instanceof ApiError ? error : frameworkError(error);
      if (refusal) {
        // Refused before its body was read (a 429 from the limit, a 415): read it anyway, unless it
        // was announced over the limit (then the answer closes the connection).
        if (!unread.has(request.raw)) await drain(request.raw);
        if (!refusedOnSocket.has(request.raw)) app.refusals.record(refusal, { method: request.method, url: request.url });
        // A refusal to wait names the seconds as `count`, the number its message's plural form follows.
        if (refusal.status === 429 && refusal.params?.count) reply.header("retry-after", String(refusal.params.count));
        return reply.status(refusal.status).send(errorBody(refusal));
      }
      if (isDatabaseUnavailable(error)) {
        // The database server is restarting or out of reach: the network's fault, in the
        // network's words; the next request connects again.
        request.log.warn({ err: error }, "database unavailable");
        return reply.status(503).send(errorBody(new ApiError(503, "network")));
      }
      request.log.error({ err: error }, "request failed");
      return reply.status(500).send(errorBody(new ApiError(500, "unknown")));
    });
    app.setNotFoundHandler(async (request, reply) => {
      const refusal = new ApiError(404, "notFound");
      app.refusals.record(refusal, { method: request.method, url: request.url });
      await drain(request.raw);
      return reply.status(404).send(errorBody(refusal));
    });
  },
  { name: "api-error-replies", fastify: "5.x", dependencies: ["api-request-log"] },
);
