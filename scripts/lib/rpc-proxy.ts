/**
 * An HTTP proxy in front of the local node, as the browser sees it: it counts the JSON-RPC
 * requests and calls that pass (the benchmark's figures), and it can go down and come back, which
 * to the app is exactly a node that stopped (connections refused) and restarted, with the chain's
 * state intact. A small control server lets the browser tests drive it.
 */
import http from "node:http";
import type { Socket } from "node:net";

export interface ProxyStats {
  /** JSON-RPC HTTP requests (POSTs); CORS preflights are not counted. */
  httpRequests: number;
  /** JSON-RPC calls inside them, a batch counting each of its calls. */
  calls: number;
  /** Requests that only asked for the block number: the app's head watch (every 4 s), not a screen's reads. */
  headPolls: number;
}

export class RpcProxy {
  private server: http.Server | undefined;
  private readonly sockets = new Set<Socket>();
  private stats: ProxyStats = { httpRequests: 0, calls: 0, headPolls: 0 };
  private inFlight = 0;
  private lastActivityAt = 0;

  constructor(
    readonly target: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts (or restarts) listening. */
  async up(): Promise<void> {
    if (this.server) return;
    const server = http.createServer((request, response) => void this.forward(request, response));
    server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.once("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.server = server;
  }

  /** Stops listening and drops open connections: requests now fail as with a stopped node. */
  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  read(): ProxyStats {
    return { ...this.stats };
  }

  reset(): void {
    this.stats = { httpRequests: 0, calls: 0, headPolls: 0 };
  }

  /** Resolves once nothing is in flight and nothing has passed for `quietMs`. */
  async idle(quietMs: number, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight > 0 || Date.now() - this.lastActivityAt < quietMs) {
      if (Date.now() > deadline) throw new Error(`The app's JSON-RPC did not go quiet within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  private async forward(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    response.setHeader("access-control-allow-origin", "*");
    if (request.method === "OPTIONS") {
      response.writeHead(204, { "access-control-allow-methods": "POST, GET, OPTIONS", "access-control-allow-headers": "content-type" });
      response.end();
      return;
    }
    this.inFlight += 1;
    this.lastActivityAt = Date.now();
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString("utf8");
      this.count(body);
      const answer = await fetch(this.target, { method: "POST", headers: { "content-type": "application/json" }, body });
      response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
      response.end(await answer.text());
    } catch {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    } finally {
      this.inFlight -= 1;
      this.lastActivityAt = Date.now();
    }
  }

  private count(body: string): void {
    this.stats.httpRequests += 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return;
    }
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    const methods = calls.map((call) => String((call as { method?: unknown }).method));
    this.stats.calls += methods.length;
    if (methods.every((method) => method === "eth_blockNumber")) this.stats.headPolls += 1;
  }
}

/** POST /down and POST /up on 127.0.0.1:`port`: the browser tests take the app's node down and back. */
export async function startProxyControl(proxy: RpcProxy, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const send = (body: unknown) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const route = `${request.method} ${request.url}`;
    if (route === "POST /down") void proxy.down().then(() => send({ up: false }));
    else if (route === "POST /up") void proxy.up().then(() => send({ up: true }));
    else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return server;
}
