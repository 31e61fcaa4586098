/**
 * Reads through an ordered list of JSON-RPC endpoints. Each call goes to the first endpoint that
 * is not cooling down; an endpoint that is rate-limited, faulty (rpc-classify.ts) or silent for
 * `stallTimeoutMs` while another is there to try is skipped for a cool-down (5 s, doubling up to
 * 2 minutes, or the Retry-After it sent if longer; reset by its next answer) and the same call goes
 * to the next one. When every endpoint is cooling down, the one whose cool-down ends first is
 * tried all the same, so a single endpoint (the local node) is always asked and the app notices
 * when it comes back. A whole call never takes longer than REQUEST_TIMEOUT_MS (60 s: docs/product/rules.md §5).
 *
 * Why not a library's fallback:
 * - ethers v6 `FallbackProvider` sends each call to a quorum of backends (by default half the total
 *   weight, so 2 of 4 public nodes for every read) and compares their answers, with a 400 ms
 *   default stall timeout before it starts more; it extends `AbstractProvider`, i.e. it brings
 *   ethers' provider classes (about 50 kB gzip), which the app does not load at all (the wallet
 *   signs and sends transactions: lib/transactions/wallet-send.ts).
 * - viem's `fallback` transport starts every request at the first transport again (its `fetch(i = 0)`),
 *   so a rate-limited first node costs every call a failed request first, unless `rank` is on, which
 *   pings every transport every 10 s (4 public nodes: a request each 2.5 s from every open tab);
 *   and viem is not in the app's bundle at all (it would add its client and transports).
 * What the app needs is small: one POST per call, an order, cool-downs, and stats for the
 * diagnostics page. Batching is unchanged: the Multicall batcher's one eth_call is one call here.
 */
import { asCallThatCannotRevert, classifyReply, clip, type Outcome } from "./rpc-classify";
import { NetworkError, RpcError } from "./rpc-errors";

export const REQUEST_TIMEOUT_MS = 60_000;
/**
 * The largest reply taken (bytes): a longer one is the endpoint's fault. The largest real replies
 * are aggregate3 results of a batch of reads (batch.ts): a read of one word takes about 200 bytes
 * of hex there, so 8 MB is tens of thousands of reads in one batch (not measured on every screen).
 */
const MAX_REPLY_BYTES = 8 * 1024 * 1024;

/** The reply's text, or undefined when it is longer than `maxBytes` (checked on Content-Length, then while streaming). */
async function readCapped(response: Response, maxBytes: number): Promise<string | undefined> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) {
    const text = await response.text();
    return new TextEncoder().encode(text).length > maxBytes ? undefined : text;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** What the diagnostics page shows of each endpoint (see useRpcEndpoints). */
export interface EndpointStats {
  url: string;
  /** The endpoint that answered the latest call: the one reads go through now. */
  inUse: boolean;
  /** How long its latest answer took (ms). */
  lastLatencyMs?: number;
  /** Failures since the page loaded (rate limits, faults, stalls, refused connections). */
  failures: number;
  /** What went wrong the last time it failed (kept after it recovers). */
  lastProblem?: string;
  /** When its latest cool-down ends (epoch ms, compare with Date.now()); absent once it answered again. */
  skippedUntil?: number;
  /** The chain it said it serves when that is not the app's (eth_chainId): out of use until a later check says the app's. */
  wrongChain?: string;
}

export interface PoolOptions {
  fetch?: typeof fetch;
  now?: () => number;
  /** How long to wait for an endpoint when another is there to try. */
  stallTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** The first cool-down; each failure in a row doubles it, up to maxCoolDownMs. */
  coolDownMs?: number;
  maxCoolDownMs?: number;
  /** A Retry-After longer than this is not believed (an endpoint would drop out for hours). */
  maxRetryAfterMs?: number;
  /** The largest reply taken (bytes). */
  maxReplyBytes?: number;
  /** The chain every endpoint must serve (eth_chainId, hex): asked once of each before its first
   *  use; one on another chain is out of use for the longest cool-down, then asked again. Unset: not checked. */
  chainId?: string;
}

export const POOL_DEFAULTS = {
  stallTimeoutMs: 3_000,
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  coolDownMs: 5_000,
  maxCoolDownMs: 120_000,
  maxRetryAfterMs: 600_000,
  maxReplyBytes: MAX_REPLY_BYTES,
} as const;

interface Endpoint {
  url: string;
  failures: number;
  /** Failures in a row: the cool-down's exponent. */
  streak: number;
  skippedUntil: number;
  /** When the current cool-down began: failures of calls sent before it are the same incident. */
  coolingSince?: number;
  lastLatencyMs?: number;
  lastProblem?: string;
  /** Its chain check: "ok" once it said the app's chain; while under way, the promise of its reply. */
  chain?: "ok" | Promise<Outcome>;
  /** The chain it said it serves at its last check, when not the app's: not used until it is asked
   *  again after the longest cool-down (a node restarted on the right chain, an endpoint fixed). */
  wrongChain?: string;
}

/** What a caller knows of its call, for the pool to tell a bad answer from the chain's. */
export interface CallOptions<T> {
  /** Reads the result into what the caller needs; a throw means the endpoint answered something
   *  else than an answer to this call (hex that does not decode), and the call goes to the next. */
  parse?: (result: unknown) => T;
  /** The call cannot revert (aggregate3 with every read allowed to fail): an error that reads as a
   *  revert is the endpoint's. eth_blockNumber, eth_chainId and the like never revert anyway. */
  cannotRevert?: boolean;
}

export interface PoolAnswer<T> {
  result: T;
  /** The endpoint that answered, and how long it took (ms). */
  url: string;
  latencyMs: number;
}

let nextId = 1;

/** The outcome with its result read by `parse` (the result itself without one); a result `parse`
 *  cannot read is the endpoint's fault. */
function readAnswer<T>(outcome: Outcome, parse: ((result: unknown) => T) | undefined): Exclude<Outcome, { kind: "result" }> | { kind: "result"; value: unknown } {
  if (outcome.kind !== "result") return outcome;
  if (!parse) return { kind: "result", value: outcome.result };
  try {
    return { kind: "result", value: parse(outcome.result) };
  } catch (error) {
    return { kind: "skip", problem: `the answer could not be read (${clip(error instanceof Error ? error.message : String(error), 80)})`, rateLimited: false };
  }
}

export class RpcPool {
  private readonly endpoints: Endpoint[];
  private readonly settings: Required<Omit<PoolOptions, "fetch" | "now" | "chainId">>;
  private readonly chainId: string | undefined;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private inUse: Endpoint | undefined;
  private snapshot: readonly EndpointStats[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(urls: readonly string[], options: PoolOptions = {}) {
    if (urls.length === 0) throw new Error("An RPC pool needs at least one endpoint");
    const { fetch: fetchImpl, now, chainId, ...settings } = options;
    this.chainId = chainId?.toLowerCase();
    this.settings = { ...POOL_DEFAULTS, ...settings };
    // Looked up at each call, so a test's stubbed global fetch is the one used.
    this.fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
    this.now = now ?? Date.now;
    this.endpoints = urls.map((url) => ({ url, failures: 0, streak: 0, skippedUntil: 0 }));
    this.publish();
  }

  /** The call's result; a revert or another answer of the chain rejects with RpcError, no endpoint answering with NetworkError. */
  async request<T>(method: string, params: unknown[] = [], options: CallOptions<T> = {}): Promise<T> {
    return (await this.call<T>(method, params, options)).result;
  }

  /** The same, with the endpoint that answered and its latency (the diagnostics probe's figures). */
  async call<T>(method: string, params: unknown[] = [], options: CallOptions<T> = {}): Promise<PoolAnswer<T>> {
    const deadline = this.now() + this.settings.requestTimeoutMs;
    const tried = new Set<Endpoint>();
    const problems: string[] = [];
    for (let endpoint = this.pick(tried); endpoint; endpoint = this.pick(tried)) {
      tried.add(endpoint);
      const remaining = deadline - this.now();
      if (remaining <= 0) break;
      const started = this.now();
      // The last hope gets all the time left; but an endpoint whose cool-down ends within the stall
      // timeout is another hope: a silent one is left for it then, not waited for until the deadline.
      const last = !this.endpoints.some((other) => !tried.has(other) && other.wrongChain === undefined && other.skippedUntil <= started + this.settings.stallTimeoutMs);
      const outcome = readAnswer(
        asCallThatCannotRevert(await this.checkedAttempt(endpoint, method, params, last ? remaining : Math.min(this.settings.stallTimeoutMs, remaining), deadline), method, options.cannotRevert),
        options.parse,
      );
      if (outcome.kind === "skip") {
        if (!outcome.uncounted) this.failed(endpoint, outcome, started);
        problems.push(`${endpoint.url}: ${outcome.problem}`);
        continue;
      }
      const latencyMs = this.now() - started;
      this.answered(endpoint, latencyMs, started);
      if (outcome.kind === "answer") throw new RpcError(outcome.message, outcome.code, outcome.data);
      return { result: outcome.value as T, url: endpoint.url, latencyMs };
    }
    // Not one asked: every endpoint is out of use for serving another chain.
    if (problems.length === 0) problems.push(...this.endpoints.filter((endpoint) => endpoint.wrongChain !== undefined).map((endpoint) => `${endpoint.url}: ${this.wrongChainProblem(endpoint)}`));
    throw new NetworkError(`${method}: no JSON-RPC endpoint answered (${problems.join("; ") || "timed out"})`);
  }

  /** Subscribes to changes of the stats; returns the unsubscribe function (useSyncExternalStore's shape). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The stats of every endpoint, in the configured order; a new array after each change. */
  getSnapshot = (): readonly EndpointStats[] => this.snapshot;

  private ready(endpoint: Endpoint): boolean {
    return endpoint.skippedUntil <= this.now();
  }

  /** An endpoint that said another chain, while its cool-down lasts: its answer is known, nothing is asked. */
  private onWrongChain(endpoint: Endpoint): boolean {
    return endpoint.wrongChain !== undefined && !this.ready(endpoint);
  }

  private wrongChainProblem(endpoint: Endpoint): string {
    return `serves chain ${clip(endpoint.wrongChain ?? "", 20)}, not ${this.chainId}: out of use`;
  }

  /** The next endpoint for a call: the first ready one not tried yet; on a call's first try with none
   *  ready, the one whose cool-down ends first (so something is always asked), but never one that
   *  said another chain and is not due to be asked again. */
  private pick(tried: Set<Endpoint>): Endpoint | undefined {
    const ready = this.endpoints.find((endpoint) => !tried.has(endpoint) && this.ready(endpoint));
    if (ready || tried.size > 0) return ready;
    const usable = this.endpoints.filter((endpoint) => !this.onWrongChain(endpoint));
    return usable.length === 0 ? undefined : usable.reduce((soonest, endpoint) => (endpoint.skippedUntil < soonest.skippedUntil ? endpoint : soonest));
  }

  /** The attempt, after the endpoint's chain check if it has not passed it yet (calls sent together
   *  share one check). An eth_chainId call while the check is due or under way is answered by it. */
  private async checkedAttempt(endpoint: Endpoint, method: string, params: unknown[], timeoutMs: number, deadline: number): Promise<Outcome> {
    if (this.chainId === undefined || endpoint.chain === "ok") return this.attempt(endpoint, method, params, timeoutMs);
    const expected = this.chainId;
    const joined = endpoint.chain !== undefined;
    // A new check forgets what the last one said: only its own answer decides.
    if (!joined) endpoint.wrongChain = undefined;
    endpoint.chain ??= this.attempt(endpoint, "eth_chainId", [], timeoutMs).then((reply) => {
      const right = reply.kind === "result" && String(reply.result).toLowerCase() === expected;
      endpoint.wrongChain = reply.kind === "result" && !right ? String(reply.result) : undefined;
      // Asked again before its next use unless it said the app's chain (after a cool-down when it said another).
      endpoint.chain = right ? "ok" : undefined;
      return reply;
    });
    // A call that joins a check under way waits no longer than its own time (a stall timeout when
    // another endpoint is there), and then moves on without blaming the endpoint: the call that
    // asked is still waiting for its answer, and counts it if none comes.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve({ kind: "skip", problem: `no answer within ${(timeoutMs / 1000).toFixed(1)} s`, rateLimited: false, uncounted: joined }), timeoutMs);
    });
    const check = await Promise.race([endpoint.chain, waited]).finally(() => clearTimeout(timer));
    if (endpoint.wrongChain !== undefined) {
      // Out of use for the longest cool-down; only the call that asked counts the failure.
      return { kind: "skip", problem: this.wrongChainProblem(endpoint), rateLimited: false, retryAfterMs: this.settings.maxCoolDownMs, uncounted: joined };
    }
    if (check.kind === "skip") return { ...check, uncounted: joined || check.uncounted };
    if (check.kind === "answer") return { kind: "skip", problem: `eth_chainId: JSON-RPC error ${check.code} "${clip(check.message)}"`, rateLimited: false };
    if (method === "eth_chainId" && params.length === 0) return check;
    // The endpoint answered its check, so it is not silent: the call has a time of its own. On a
    // slow network (a phone's 1.5 s a round trip) the check and the call together pass the stall
    // timeout while each is well within it, and the endpoint must not be skipped as stalled for it
    // (the page would wait for a failover and say the node is not answering). Never past the call's
    // deadline (REQUEST_TIMEOUT_MS overall).
    const left = Math.min(timeoutMs, deadline - this.now());
    if (left <= 0) return { kind: "skip", problem: `no answer within ${(timeoutMs / 1000).toFixed(1)} s`, rateLimited: false };
    return this.attempt(endpoint, method, params, left);
  }

  private async attempt(endpoint: Endpoint, method: string, params: unknown[], timeoutMs: number): Promise<Outcome> {
    const id = nextId++;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await this.fetch(endpoint.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
        signal: controller.signal,
      });
      // The body is read under the same timer, and only up to the cap: a node can stall halfway through it too, or never end it.
      const body = await readCapped(response, this.settings.maxReplyBytes);
      if (body === undefined) return { kind: "skip", problem: `the answer is larger than ${this.settings.maxReplyBytes} bytes`, rateLimited: false };
      return classifyReply({ status: response.status, retryAfter: response.headers.get("retry-after"), body }, id, this.now(), method);
    } catch {
      const problem = controller.signal.aborted ? `no answer within ${(timeoutMs / 1000).toFixed(1)} s` : "could not connect";
      return { kind: "skip", problem, rateLimited: false };
    } finally {
      clearTimeout(timer);
    }
  }

  private answered(endpoint: Endpoint, latencyMs: number, startedAt: number): void {
    // An answer to a call sent before the endpoint's latest failure says nothing about it since: a
    // rate limiter that lets some calls through must not reset the back-off each time.
    if (endpoint.coolingSince === undefined || startedAt >= endpoint.coolingSince) {
      endpoint.streak = 0;
      endpoint.skippedUntil = 0;
      endpoint.coolingSince = undefined;
    }
    endpoint.lastLatencyMs = latencyMs;
    this.inUse = endpoint;
    this.publish();
  }

  private failed(endpoint: Endpoint, outcome: Extract<Outcome, { kind: "skip" }>, startedAt: number): void {
    endpoint.failures += 1;
    endpoint.lastProblem = outcome.problem;
    if (this.inUse === endpoint) this.inUse = undefined;
    // Calls sent together fail together: one incident lengthens the cool-down once, not per call.
    if (endpoint.coolingSince === undefined || endpoint.coolingSince < startedAt) {
      endpoint.streak += 1;
      const { coolDownMs, maxCoolDownMs, maxRetryAfterMs } = this.settings;
      const backOff = Math.min(coolDownMs * 2 ** (endpoint.streak - 1), maxCoolDownMs);
      const now = this.now();
      endpoint.skippedUntil = now + Math.max(backOff, Math.min(outcome.retryAfterMs ?? 0, maxRetryAfterMs));
      endpoint.coolingSince = now;
    }
    this.publish();
  }

  private publish(): void {
    this.snapshot = this.endpoints.map((endpoint) => ({
      url: endpoint.url,
      inUse: endpoint === this.inUse,
      failures: endpoint.failures,
      ...(endpoint.lastLatencyMs !== undefined ? { lastLatencyMs: endpoint.lastLatencyMs } : {}),
      ...(endpoint.lastProblem !== undefined ? { lastProblem: endpoint.lastProblem } : {}),
      ...(endpoint.skippedUntil > 0 ? { skippedUntil: endpoint.skippedUntil } : {}),
      ...(endpoint.wrongChain !== undefined ? { wrongChain: clip(endpoint.wrongChain, 20) } : {}),
    }));
    for (const listener of this.listeners) listener();
  }
}
