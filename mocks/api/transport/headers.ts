/**
 * The headers every request must carry and every answer does: one Host (or none from an HTTP/1.0
 * client), and `Cache-Control: no-store` on every answer, refusals included.
 */
import fp from "fastify-plugin";

import { badRequest } from "../errors";

export const headerRules = fp(
  async (app) => {
    app.addHook("onRequest", async (request) => {
      // Fastify lets a request without Host through (transport/index.ts), to be refused here with
      // a message key instead of Node's bare 400.
      if (!request.headers.host && request.raw.httpVersion !== "1.0") throw badRequest("malformedRequest");
      // Node keeps the first of several Host headers and drops the rest; RFC 9112 (3.2) asks for a
      // 400, since a proxy in front may have read another of them.
      if ((request.raw.headersDistinct.host?.length ?? 0) > 1) throw badRequest("malformedRequest");
    });
    app.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
  },
  { name: "api-header-rules", fastify: "5.x" },
);
