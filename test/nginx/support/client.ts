/**
 * A client that sends a request target byte for byte (fetch and Node's http resolve dot segments or
 * refuse some characters before sending), from a loopback address of its own: nginx's limits are
 * per client address, and all of 127.0.0.0/8 reaches this machine, so each test is a client of its own.
 */
import net from "node:net";

export interface Reply {
  status: number;
  /** Header names in lower case, each with its values in order. */
  headers: Map<string, string[]>;
  body: string;
  /** Milliseconds from sending to the end of the answer. */
  ms: number;
  /** Whether the whole body arrived (its Content-Length, or chunked's last chunk). */
  complete: boolean;
}

export interface Request {
  /** The client's address (127.0.0.x); 127.0.0.1 by default. */
  from?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Sent {
  reply: Promise<Reply>;
  /** Closes the connection before the answer (a client that goes away). */
  abort(): void;
}

/** Sends `target` to 127.0.0.1:`port` over a connection of its own (Connection: close). */
export function open(port: number, target: string, request: Request = {}): Sent {
  const started = Date.now();
  const socket = net.connect({ host: "127.0.0.1", port, localAddress: request.from ?? "127.0.0.1" });
  const headers: Record<string, string> = { Host: "app.example", Connection: "close", ...request.headers };
  if (request.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(request.body));
  socket.write(`${request.method ?? "GET"} ${target} HTTP/1.1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("")}\r\n${request.body ?? ""}`, "latin1");
  const reply = new Promise<Reply>((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const raw = Buffer.concat(chunks).toString("latin1");
      const end = raw.indexOf("\r\n\r\n");
      if (end < 0) return reject(new Error(`no answer to ${target} (${JSON.stringify(raw)})`));
      const [statusLine = "", ...lines] = raw.slice(0, end).split("\r\n");
      const answer = new Map<string, string[]>();
      for (const line of lines) {
        const colon = line.indexOf(":");
        const name = line.slice(0, colon).trim().toLowerCase();
        answer.set(name, [...(answer.get(name) ?? []), line.slice(colon + 1).trim()]);
      }
      const { body, complete } = bodyOf(raw.slice(end + 4), answer);
      resolve({ status: Number(statusLine.split(" ")[1]), headers: answer, body, ms: Date.now() - started, complete });
    });
  });
  return { reply, abort: () => socket.destroy() };
}

export const send = (port: number, target: string, request?: Request): Promise<Reply> => open(port, target, request).reply;

function bodyOf(raw: string, headers: Map<string, string[]>): { body: string; complete: boolean } {
  const length = headers.get("content-length")?.[0];
  if (length !== undefined) return { body: raw.slice(0, Number(length)), complete: raw.length >= Number(length) };
  if (headers.get("transfer-encoding")?.[0] !== "chunked") return { body: raw, complete: true };
  let body = "";
  for (let at = 0; ; ) {
    const lineEnd = raw.indexOf("\r\n", at);
    if (lineEnd < 0) return { body, complete: false };
    const size = parseInt(raw.slice(at, lineEnd), 16);
    if (size === 0) return { body, complete: true };
    if (raw.length < lineEnd + 2 + size) return { body: body + raw.slice(lineEnd + 2), complete: false };
    body += raw.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 4 + size;
  }
}
