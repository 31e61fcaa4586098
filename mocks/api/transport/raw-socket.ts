/**
 * Requests that never become requests, refused in the API's words all the same: what Node cannot
 * parse (garbage request line, unknown method, bad Content-Length, Content-Length with
 * Transfer-Encoding, headers too large, a request too slow to arrive), a URL whose %-encoding is broken, and a
 * CONNECT. Each is counted in the refusal log (request-log.ts) and answered with a message key.
 */
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

import { ApiError, badRequest, errorBody } from "../errors";

/** Node's refusals of a request it cannot parse (llhttp's codes), in the API's words. */
function parserError(error: { code?: string }): ApiError {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return new ApiError(431, "malformedRequest");
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new ApiError(408, "malformedRequest");
    default:
      return badRequest("malformedRequest");
  }
}

/**
 * A refusal written straight onto a connection Node could not make a request of (or one whose
 * request is too slow to finish), then closed; with `destroy`, nothing more is read from it.
 */
export function writeRefusal(socket: Duplex, refusal: ApiError, { destroy = false } = {}): void {
  const body = JSON.stringify(errorBody(refusal));
  socket.end(
    [
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? "Error"}`,
      "Content-Type: application/json; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Cache-Control: no-store",
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
    destroy ? () => socket.destroy() : undefined,
  );
}

/** Fastify's `clientErrorHandler` (called with the app as `this`): a request Node could not parse. */
export function refuseUnparsed(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const refusal = parserError(error);
  this.refusals.record(refusal, { code: error.code });
  writeRefusal(socket, refusal);
}

/** Fastify's `frameworkErrors`: a URL whose %-encoding is broken. */
export function refuseBadUrl(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  const refusal = badRequest("malformedRequest");
  request.server.refusals.record(refusal, { method: request.method, url: request.url, code: error.code });
  void reply.status(refusal.status).send(errorBody(refusal));
}

/**
 * Node hands a CONNECT to the server's 'connect' listeners and, when there is none, closes the
 * connection without a word: the API tunnels nothing, and says so like for any other method it
 * does not serve.
 */
export const refuseConnect = fp(
  async (app) => {
    app.server.on("connect", (request: { method?: string; url?: string }, socket: Duplex) => {
      socket.on("error", () => socket.destroy());
      const refusal = badRequest("malformedRequest");
      app.refusals.record(refusal, { method: request.method, url: request.url });
      writeRefusal(socket, refusal);
    });
  },
  { name: "api-refuse-connect", fastify: "5.x", dependencies: ["api-request-log"] },
);
