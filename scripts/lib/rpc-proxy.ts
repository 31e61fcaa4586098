/**
 * An HTTP proxy in front of the local node, as the browser sees it: one of the app's JSON-RPC
 * endpoints. It counts the JSON-RPC requests and calls that reach it (the benchmark's figures, the
 * failover test's), and it can misbehave as public nodes do: answer HTTP 429, answer a JSON-RPC
 * "limit exceeded" error (-32005, HTTP 200), stall (never answer), or go down and come back, which
 * to the app is exactly a node that stopped (connections refused) and restarted, with the chain's
 * state intact. It can also lie as a broken or misconfigured endpoint does, all with HTTP 200: a
 * -32000 "request limit reached", -32600 "Invalid Request" or -32001 "API key required" error for
 * every call, a result of "0xzz" for every call, or the node's answers but for eth_chainId, which it
 * answers 0x1 (another chain), or the node's answers but for state at a past block, which it no
 * longer has, as a pruned (non-archive) node answers. A small control server lets the browser
 * tests drive each proxy.
 */
import http from "node:http";
import type { Socket } from "node:net";

/** How the proxy treats requests: pass them to the node, or fail as a throttled or stuck public node does. */
export type ProxyMode =
  | "pass"
  | "429"
  | "rate-limit"
  | "stall"
  | "down"
  | "request-limit"
  | "invalid-request"
  | "api-key"
  | "bad-result"
  | "empty-call"
  | "revert-shaped"
  | "wrong-chain"
  | "pruned";
export const PROXY_MODES: readonly ProxyMode[] = [
  "pass",
  "429",
  "rate-limit",
  "stall",
  "down",
  "request-limit",
  "invalid-request",
  "api-key",
  "bad-result",
  "empty-call",
  "revert-shaped",
  "wrong-chain",
  "pruned",
];

/** The JSON-RPC error each error-body mode answers every call with (HTTP 200). */
const ERROR_BODIES: Partial<Record<ProxyMode, { code: number; message: string }>> = {
  "rate-limit": { code: -32005, message: "limit exceeded" },
  "request-limit": { code: -32000, message: "request limit reached" },
  "invalid-request": { code: -32600, message: "Invalid Request" },
  "api-key": { code: -32001, message: "API key required" },
  // A gateway's limit worded with a revert's code: the chain's answer by its shape, the gateway's by its call.
  "revert-shaped": { code: 3, message: "daily request limit reached" },
};

/** The calls that read state at a block (the block is their last parameter). */
const STATE_READS = new Set(["eth_getBalance", "eth_getCode", "eth_getStorageAt", "eth_getTransactionCount", "eth_call"]);

/** What geth-based BNB Chain nodes answer for state they pruned. */
export const PRUNED_STATE_ERROR = { code: -32000, message: "missing trie node 0000000000000000000000000000000000000000000000000000000000000000 (path )" };

/** The chain id a "wrong-chain" proxy says it serves (Ethereum mainnet). */
export const WRONG_CHAIN_ID = "0x1";

export interface ProxyStats {
  /** JSON-RPC HTTP requests (POSTs); CORS preflights are not counted. */
  httpRequests: number;
  /** JSON-RPC calls inside them, a batch counting each of its calls. */
  calls: number;
  /** Requests that only asked for the block number: the app's head watch (every 4 s), not a screen's reads. */
  headPolls: number;
  /** When each request arrived (epoch ms), in order. */
  arrivals: number[];
}

export class RpcProxy {
  private server: http.Server | undefined;
  private readonly sockets = new Set<Socket>();
  private stats: ProxyStats = { httpRequests: 0, calls: 0, headPolls: 0, arrivals: [] };
  private inFlight = 0;
  private lastActivityAt = 0;
  private failure: Exclude<ProxyMode, "pass" | "down"> | undefined;
  /** Seconds sent as Retry-After with a 429, if any. */
  private retryAfterS: number | undefined;
  /** Requests held open by "stall": dropped when the mode changes, as a stuck node's would be when it restarts. */
  private readonly stalled = new Set<http.ServerResponse>();

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

  get mode(): ProxyMode {
    return this.server ? (this.failure ?? "pass") : "down";
  }

  /** Changes how the proxy treats requests from now on ("down" stops listening, anything else listens). */
  async setMode(mode: ProxyMode, options: { retryAfterS?: number } = {}): Promise<void> {
    for (const response of this.stalled) response.destroy();
    this.stalled.clear();
    this.failure = mode === "pass" || mode === "down" ? undefined : mode;
    this.retryAfterS = options.retryAfterS;
    await (mode === "down" ? this.down() : this.up());
  }

  read(): ProxyStats {
    return { ...this.stats, arrivals: [...this.stats.arrivals] };
  }

  reset(): void {
    this.stats = { httpRequests: 0, calls: 0, headPolls: 0, arrivals: [] };
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
    // Without this the page could not read a 429's Retry-After (not a CORS-safelisted header).
    response.setHeader("access-control-expose-headers", "retry-after");
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
      if (this.failure && this.fail(this.failure, body, response)) return;
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

  /** Answers the request as `failure` does; false when this request is passed to the node after all. */
  private fail(failure: Exclude<ProxyMode, "pass" | "down">, body: string, response: http.ServerResponse): boolean {
    if (failure === "stall") {
      // Held open, and not counted as in flight: idle() waits for the app, not for a stuck node.
      this.stalled.add(response);
      response.once("close", () => this.stalled.delete(response));
      return true;
    }
    if (failure === "429") {
      response.writeHead(429, { "content-type": "text/plain", ...(this.retryAfterS !== undefined ? { "retry-after": String(this.retryAfterS) } : {}) });
      response.end("Too Many Requests");
      return true;
    }
    let id: unknown = null;
    let method: unknown;
    let params: unknown;
    try {
      ({ id = null, method, params } = JSON.parse(body) as { id?: unknown; method?: unknown; params?: unknown });
    } catch {
      // Not JSON: answered with id null, as a node does.
    }
    if (failure === "wrong-chain" && method !== "eth_chainId") return false;
    // These pass the chain check, so that the endpoint is used and its lies reach the reads.
    if (failure === "revert-shaped" && method === "eth_chainId") return false;
    if (failure === "empty-call" && method !== "eth_call") return false;
    // A pruned node still has the latest state; a numbered block is treated as a past one.
    const atPastBlock = Array.isArray(params) && /^0x[0-9a-f]+$/i.test(String(params.at(-1)));
    if (failure === "pruned" && !(STATE_READS.has(String(method)) && atPastBlock)) return false;
    const answer =
      failure === "wrong-chain"
        ? { result: WRONG_CHAIN_ID }
        : failure === "bad-result"
          ? { result: "0xzz" }
          : failure === "empty-call"
            ? { result: "0x" }
            : { error: failure === "pruned" ? PRUNED_STATE_ERROR : ERROR_BODIES[failure] };
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ jsonrpc: "2.0", id, ...answer }));
    return true;
  }

  private count(body: string): void {
    this.stats.httpRequests += 1;
    this.stats.arrivals.push(Date.now());
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

/**
 * The browser tests' handle on the proxies, on 127.0.0.1:`port`:
 * - POST /down, POST /up: the node as the app sees it (every proxy) stops, or comes back and passes requests;
 * - POST /proxies/<index>/<mode>[?retry-after=<seconds>]: one proxy's mode (ProxyMode);
 * - GET /stats: each proxy's counters and mode; POST /reset: zeroes the counters;
 * - POST /idle?quiet-ms=<ms>: answers once no proxy has a request in flight or has had one for that long.
 */
export async function startProxyControl(proxies: readonly RpcProxy[], port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const send = (body: unknown, status = 200) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://control");
    const route = `${request.method} ${url.pathname}`;
    const modeRoute = /^POST \/proxies\/(\d+)\/([\w-]+)$/.exec(route);
    const all = (mode: ProxyMode) => Promise.all(proxies.map((proxy) => proxy.setMode(mode)));
    const done = (work: Promise<unknown>) =>
      void work.then(
        () => send(proxies.map((proxy) => proxy.mode)),
        (error: unknown) => send({ error: String(error) }, 500),
      );
    if (route === "POST /down") done(all("down"));
    else if (route === "POST /up") done(all("pass"));
    else if (route === "GET /stats") send(proxies.map((proxy) => ({ ...proxy.read(), mode: proxy.mode })));
    else if (route === "POST /reset") send(proxies.map((proxy) => proxy.reset()).length);
    else if (route === "POST /idle" && Number(url.searchParams.get("quiet-ms")) > 0) done(Promise.all(proxies.map((proxy) => proxy.idle(Number(url.searchParams.get("quiet-ms"))))));
    else if (modeRoute && proxies[Number(modeRoute[1])] && (PROXY_MODES as readonly string[]).includes(modeRoute[2])) {
      const retryAfter = url.searchParams.get("retry-after");
      done(proxies[Number(modeRoute[1])].setMode(modeRoute[2] as ProxyMode, retryAfter === null ? {} : { retryAfterS: Number(retryAfter) }));
    } else send({ error: `no route ${route}` }, 404);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return server;
}
