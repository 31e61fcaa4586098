/**
 * Slow and greedy clients (docs/operations.md §4): a body must arrive within its time limit once the headers
 * have (Node itself limits the headers and the whole request: serverOptions in index.ts), a body
 * announced larger than the limit is refused at once, unread, and one client address holds at most
 * so many open connections.
 *
 * The connection cap counts the connection's address, before any request: behind a trusted proxy
 * that is the proxy's, so the proxy's connections are not capped here and the proxy must cap its
 * clients' itself (docs/operations.md).
 */
import { BlockList, isIPv6, type Socket } from "node:net";

import { normalizeIP } from "@fastify/rate-limit";
import fp from "fastify-plugin";

import { clientKey } from "../clients";
import { ApiError } from "../errors";
import { leaveUnread, refuseOnSocket } from "./error-replies";
import { writeRefusal } from "./raw-socket";

export const DEFAULT_BODY_TIMEOUT_MS = 10_000;
export const DEFAULT_CONNECTIONS_PER_CLIENT = 20;

/**
 * Node closes a connection whose answer says `Connection: close` as soon as the answer is out; a
 * client (or a proxy, which then answers 502) still sending its body gets a reset and may never read
 * the answer. Here the API stops writing once the answer is out, drops what still comes, unread, and
 * closes when the client does or `ms` later, whichever is first.
 */
function closeAfterAnswer(socket: Socket, ms: number): void {
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), ms);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
}

/** The trusted proxies (addresses or CIDR ranges, as ApiOptions.trustedProxies), as a test of an address. */
function proxyTest(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split("/");
    const type = isIPv6(address) ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = normalizeIP(address, 128);
    return list.check(plain, isIPv6(plain) ? "ipv6" : "ipv4");
  };
}

export interface SlowClientOptions {
  bodyLimit: number;
  bodyTimeoutMs?: number;
  connectionsPerClient?: number;
  trustedProxies?: string[];
}

export const slowClients = fp<SlowClientOptions>(
  async (app, options) => {
    const bodyTimeout = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;

    app.addHook("onRequest", async (request, reply) => {
      // Announced over the limit: answered now, and the connection closed, rather than after
      // reading (or waiting for) what the client says it will send.
      if (Number(request.headers["content-length"]) > options.bodyLimit) {
        leaveUnread(request);
        closeAfterAnswer(request.raw.socket, bodyTimeout);
        void reply.header("connection", "close");
        throw new ApiError(413, "bodyTooLarge");
      }
      const timer = setTimeout(() => {
        if (request.raw.complete || reply.raw.headersSent || !request.raw.socket?.writable) return;
        const refusal = new ApiError(408, "malformedRequest");
        app.refusals.record(refusal, { method: request.method, url: request.url, code: "BODY_TIMEOUT" });
        refuseOnSocket(request);
        writeRefusal(request.raw.socket, refusal, { destroy: true });
      }, bodyTimeout);
      timer.unref();
      reply.raw.once("close", () => clearTimeout(timer));
    });

    const cap = options.connectionsPerClient ?? DEFAULT_CONNECTIONS_PER_CLIENT;
    const trusted = options.trustedProxies?.length ? proxyTest(options.trustedProxies) : undefined;
    const open = new Map<string, number>();
    app.server.on("connection", (socket: Socket) => {
      const address = socket.remoteAddress;
      if (!address || trusted?.(address)) return;
      const key = clientKey(address);
      const count = (open.get(key) ?? 0) + 1;
      if (count > cap) {
        app.refusals.record(new ApiError(429, "tooManyAttempts"), { code: "CONNECTION_CAP" });
        socket.destroy();
        return;
      }
      open.set(key, count);
      socket.once("close", () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
    });
  },
  { name: "api-slow-clients", fastify: "5.x", dependencies: ["api-request-log", "api-error-replies"] },
);
