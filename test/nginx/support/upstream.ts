/**
 * A stand-in for what nginx proxies to (an indexer reader, the account API): a plain TCP server
 * that reads each HTTP/1.x request itself, records it exactly as it arrived, and answers by its path.
 * Not Node's HTTP server: its parser refuses or reads some of the paths the test sends (a
 * backslash), and the point is to see the bytes nginx passes on.
 *
 * By the path:
 * - `…/hold/…` waits until `release()` (the connection limit; a client that goes away);
 * - `…/slow-headers/…` never answers (nginx's read timeout);
 * - `…/stall-body/…` sends its headers and part of its body, then nothing;
 * - anything else: 200 at once, `{"upstream": name, "target": the request target}`.
 */
import net from "node:net";

export interface Received {
  /** The stand-in that received it. */
  upstream: string;
  method: string;
  /** The request target, byte for byte as nginx sent it. */
  target: string;
  /** Header names in lower case; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** When the connection closed before the stand-in answered (the client went away), else undefined. */
  closedUnanswered?: number;
}

export interface StandIn {
  name: string;
  port: number;
  /** Answers every held request (`…/hold/…`) with 200. */
  release(): void;
  /** Stops listening and closes every connection. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
}

/** Starts a stand-in named `name` on a free port of 127.0.0.1; what it receives is pushed to `log`. */
export async function startStandIn(name: string, log: Received[]): Promise<StandIn> {
  const sockets = new Set<net.Socket>();
  const held: Array<() => void> = [];

  const answer = (socket: net.Socket, status: string, body: string) => {
    if (!socket.destroyed) socket.end(`HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  };

  const serve = (socket: net.Socket) => {
    sockets.add(socket);
    let buffer = Buffer.alloc(0);
    let request: Received | undefined;
    let answered = false;
    socket.on("close", () => {
      sockets.delete(socket);
      if (request && !answered) request.closedUnanswered = Date.now();
    });
    socket.on("error", () => undefined);
    socket.on("data", (chunk) => {
      if (request) return;
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const [requestLine = "", ...headerLines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        const header = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[header] = header in headers ? `${headers[header]}, ${value}` : value;
      }
      const length = Number(headers["content-length"] ?? 0);
      if (buffer.length < end + 4 + length) return;
      const [method = "", target = ""] = requestLine.split(" ");
      request = { upstream: name, method, target, headers, body: buffer.subarray(end + 4, end + 4 + length).toString("latin1") };
      log.push(request);
      const ok = () => {
        answered = true;
        answer(socket, "200 OK", JSON.stringify({ upstream: name, target }));
      };
      if (target.includes("/hold/")) held.push(ok);
      else if (target.includes("/slow-headers/")) return;
      else if (target.includes("/stall-body/")) {
        answered = true;
        socket.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{\"items\":[");
      } else ok();
    });
  };

  let server = net.createServer(serve);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);

  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    name,
    port,
    release: () => held.splice(0).forEach((ok) => ok()),
    stop,
    restart: async () => {
      server = net.createServer(serve);
      await listen(port);
    },
  };
}
