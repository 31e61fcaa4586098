import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { NetworkError, RpcError } from "./rpc-errors";
import { POOL_DEFAULTS, RpcPool } from "./rpc-pool";

const A = "https://a.example/";
const B = "https://b.example/";
const C = "https://c.example/";

/** How a fake endpoint treats the next request. */
type Behaviour =
  | "ok"
  | "429"
  | "rate-limit-body"
  | "500"
  | "revert"
  | "stall"
  | "refuse"
  | { status: number; retryAfter?: string }
  | { latencyMs: number }
  /** Any reply at all, to request `id` of `method`. */
  | { reply: (id: number, method: string) => Response };

/** What each endpoint answers when it answers well: a hex quantity that is hex data too. */
const answerFrom = (url: string) => ({ [A]: "0xa0", [B]: "0xb0", [C]: "0xc0" })[url];
/** A reply of `body` (with the request's id) to every call. */
const replyWith = (body: object, headers: Record<string, string> = {}): Behaviour => ({
  reply: (id) => new Response(JSON.stringify({ jsonrpc: "2.0", id, ...body }), { headers }),
});

/** A fake network: each endpoint answers by its behaviour (ok by default), and every request is recorded with the fake clock's time. */
function fakeNetwork() {
  const behaviour = new Map<string, Behaviour>();
  const requests: { url: string; at: number; method: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
    requests.push({ url, at: Date.now(), method });
    const how = behaviour.get(url) ?? "ok";
    const rpc = (body: object, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify({ jsonrpc: "2.0", id, ...body }), { status, headers });
    if (how === "refuse") throw new TypeError("Failed to fetch");
    if (how === "stall") {
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    }
    if (how === "429") return new Response("Too Many Requests", { status: 429 });
    if (how === "500") return new Response("Bad Gateway", { status: 502 });
    if (how === "rate-limit-body") return rpc({ error: { code: -32005, message: "limit exceeded" } });
    if (how === "revert") return rpc({ error: { code: 3, message: "execution reverted", data: "0x08c379a0" } });
    if (typeof how === "object" && "reply" in how) return how.reply(id, method);
    if (typeof how === "object" && "status" in how) return new Response("", { status: how.status, headers: how.retryAfter ? { "retry-after": how.retryAfter } : {} });
    // As a real fetch: an abort ends the wait.
    if (typeof how === "object") {
      await new Promise((resolve, reject) => {
        setTimeout(resolve, how.latencyMs);
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    }
    return rpc({ result: answerFrom(url) });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    requests,
    set: (url: string, how: Behaviour) => behaviour.set(url, how),
    to: (url: string) => requests.filter((request) => request.url === url).length,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse("2030-01-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets pending timers fire (stall timeouts) until the promise settles. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  const watched = inBackground(
    promise.finally(() => {
      done = true;
    }),
  );
  while (!done) await vi.advanceTimersByTimeAsync(100);
  return watched;
}

/** A call left waiting while the test goes on; whoever settles it later sees how it ended. */
function inBackground<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

describe("the endpoint pool", () => {
  it("asks the first endpoint while it answers, and says so in the stats", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    expect(await pool.request("eth_blockNumber")).toBe(answerFrom(A));
    expect(await pool.request("eth_chainId")).toBe(answerFrom(A));
    expect(net.to(B)).toBe(0);
    expect(pool.getSnapshot()).toEqual([
      { url: A, inUse: true, failures: 0, lastLatencyMs: 0 },
      { url: B, inUse: false, failures: 0 },
    ]);
  });

  it.each<[string, Behaviour, string]>([
    ["HTTP 429", "429", "HTTP 429 (rate limited)"],
    ["HTTP 5xx", "500", "HTTP 502"],
    ["a -32005 body", "rate-limit-body", 'JSON-RPC error -32005 "limit exceeded"'],
    ["a refused connection", "refuse", "could not connect"],
  ])("sends the same call to the next endpoint after %s, and skips the first for 5 s", async (_name, how, problem) => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, how);
    expect(await pool.request("eth_call", [{ to: "0x1" }, "latest"])).toBe(answerFrom(B));
    expect(net.requests.map((request) => [request.url, request.method])).toEqual([
      [A, "eth_call"],
      [B, "eth_call"],
    ]);
    const [first, second] = pool.getSnapshot();
    expect(first).toEqual({ url: A, inUse: false, failures: 1, lastProblem: problem, skippedUntil: Date.now() + POOL_DEFAULTS.coolDownMs });
    expect(second).toMatchObject({ url: B, inUse: true, failures: 0 });

    // Cooling down: not asked at all.
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.coolDownMs - 1);
    await pool.request("eth_blockNumber");
    expect(net.to(A)).toBe(1);
    // Cool-down over: asked first again, and it has recovered.
    net.set(A, "ok");
    await vi.advanceTimersByTimeAsync(1);
    expect(await pool.request("eth_blockNumber")).toBe(answerFrom(A));
    expect(pool.getSnapshot()[0]).toEqual({ url: A, inUse: true, failures: 1, lastProblem: problem, lastLatencyMs: 0 });
  });

  it("doubles the cool-down at each failure in a row, up to the cap, and starts over after an answer", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, "429");
    const coolDowns: number[] = [];
    for (let failure = 0; failure < 8; failure++) {
      const before = Date.now();
      await pool.request("eth_blockNumber");
      const until = pool.getSnapshot()[0].skippedUntil!;
      coolDowns.push(until - before);
      await vi.setSystemTime(until);
    }
    expect(coolDowns).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 120_000, 120_000, 120_000]);

    net.set(A, "ok");
    await pool.request("eth_blockNumber");
    net.set(A, "429");
    const before = Date.now();
    await pool.request("eth_blockNumber");
    expect(pool.getSnapshot()[0].skippedUntil! - before).toBe(5_000);
  });

  it("waits as long as Retry-After says when that is longer, within 10 minutes", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, { status: 429, retryAfter: "60" });
    const start = Date.now();
    await pool.request("eth_blockNumber");
    expect(pool.getSnapshot()[0].skippedUntil).toBe(start + 60_000);

    await vi.setSystemTime(start + 60_000);
    net.set(A, { status: 503, retryAfter: "86400" });
    await pool.request("eth_blockNumber");
    expect(pool.getSnapshot()[0].skippedUntil).toBe(start + 60_000 + POOL_DEFAULTS.maxRetryAfterMs);

    await vi.setSystemTime(start + 60_000 + POOL_DEFAULTS.maxRetryAfterMs);
    net.set(A, { status: 429, retryAfter: "1" });
    await pool.request("eth_blockNumber");
    // Shorter than the back-off (third failure in a row: 20 s): the back-off wins.
    expect(pool.getSnapshot()[0].skippedUntil! - Date.now()).toBe(20_000);
  });

  it("counts calls that failed together as one incident: the cool-down grows once", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, "429");
    await Promise.all([pool.request("eth_blockNumber"), pool.request("eth_call"), pool.request("eth_chainId")]);
    const [first] = pool.getSnapshot();
    expect(first.failures).toBe(3);
    expect(first.skippedUntil! - Date.now()).toBe(5_000);
    expect(net.to(B)).toBe(3);
  });

  it("gives up on a silent endpoint after the stall timeout when another is there, and the last one gets the rest of 60 s", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, "stall");
    const start = Date.now();
    expect(await settle(pool.request("eth_blockNumber"))).toBe(answerFrom(B));
    expect(net.requests.map((request) => [request.url, request.at - start])).toEqual([
      [A, 0],
      [B, POOL_DEFAULTS.stallTimeoutMs],
    ]);
    expect(pool.getSnapshot()[0]).toMatchObject({ failures: 1, lastProblem: "no answer within 3.0 s" });

    // The second is slow but the only one left: it is waited for, longer than a stall.
    net.set(B, { latencyMs: 20_000 });
    expect(await settle(pool.request("eth_blockNumber"))).toBe(answerFrom(B));
    expect(pool.getSnapshot()[1]).toMatchObject({ inUse: true, lastLatencyMs: 20_000, failures: 0 });
  });

  it("does not wait out the deadline on a silent last endpoint when another's cool-down ends within the stall timeout", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, "429");
    await pool.request("eth_blockNumber");
    // A recovers (its 5 s are not over yet) and B goes silent.
    net.set(A, "ok");
    net.set(B, "stall");
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.coolDownMs - 1_000);
    const start = Date.now();
    expect(await settle(pool.request("eth_blockNumber"))).toBe(answerFrom(A));
    // B had the stall timeout, not the 60 s, and A (ready by then) answered.
    expect(Date.now() - start).toBeLessThanOrEqual(POOL_DEFAULTS.stallTimeoutMs + 100);
    expect(net.requests.slice(-2).map((request) => [request.url, request.at - start])).toEqual([
      [B, 0],
      [A, POOL_DEFAULTS.stallTimeoutMs],
    ]);
  });

  it("keeps the cool-down when a call sent before the failure answers after it (a limiter letting some calls through)", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, { latencyMs: 1_000 });
    const early = pool.request("eth_call");
    await vi.advanceTimersByTimeAsync(10);
    net.set(A, "429");
    await pool.request("eth_blockNumber");
    const until = pool.getSnapshot()[0].skippedUntil;
    expect(until).toBe(Date.now() + POOL_DEFAULTS.coolDownMs);
    expect(await settle(early)).toBe(answerFrom(A));
    expect(pool.getSnapshot()[0]).toMatchObject({ skippedUntil: until, lastLatencyMs: 1_000 });
    // So the next failure doubles the back-off instead of starting over at 5 s.
    await vi.setSystemTime(until!);
    const before = Date.now();
    await pool.request("eth_blockNumber");
    expect(pool.getSnapshot()[0].skippedUntil! - before).toBe(2 * POOL_DEFAULTS.coolDownMs);
  });

  it("fails with a NetworkError when no endpoint answers within the 60 s request timeout", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, "stall");
    net.set(B, "stall");
    const start = Date.now();
    const failure = settle(pool.request("eth_blockNumber"));
    await expect(failure).rejects.toBeInstanceOf(NetworkError);
    await expect(failure).rejects.toThrow(/eth_blockNumber: no JSON-RPC endpoint answered .*a\.example.*no answer within 3\.0 s.*b\.example.*no answer within 57\.0 s/);
    expect(Date.now() - start).toBeLessThanOrEqual(POOL_DEFAULTS.requestTimeoutMs + 100);
  });

  it("passes a revert to the caller from the first endpoint, without asking another", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, "revert");
    const failure = pool.request("eth_call");
    await expect(failure).rejects.toBeInstanceOf(RpcError);
    await expect(failure).rejects.toMatchObject({ code: 3, data: "0x08c379a0" });
    expect(net.to(B)).toBe(0);
    expect(pool.getSnapshot()[0]).toMatchObject({ inUse: true, failures: 0 });
  });

  it("tries every endpoint in order once per call, and fails when all fail", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B, C], { fetch: net.fetch });
    net.set(A, "429");
    net.set(B, "500");
    net.set(C, "rate-limit-body");
    await expect(pool.request("eth_blockNumber")).rejects.toThrow(NetworkError);
    expect(net.requests.map((request) => request.url)).toEqual([A, B, C]);
  });

  it("with every endpoint cooling down, asks the one whose cool-down ends first, so a node that comes back is noticed", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(B, { status: 429, retryAfter: "1" });
    net.set(A, { status: 429, retryAfter: "30" });
    await expect(pool.request("eth_blockNumber")).rejects.toThrow(NetworkError);
    // A is skipped for 30 s, B for 5 s: the next call goes to B alone, while both are cooling down.
    await vi.advanceTimersByTimeAsync(1_000);
    net.set(B, "ok");
    expect(await pool.request("eth_blockNumber")).toBe(answerFrom(B));
    expect(net.requests.map((request) => request.url)).toEqual([A, B, B]);
  });

  it("keeps asking a single endpoint while it is down, and uses it as soon as it is back", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A], { fetch: net.fetch });
    net.set(A, "refuse");
    for (let poll = 0; poll < 3; poll++) {
      await expect(pool.request("eth_blockNumber")).rejects.toThrow(NetworkError);
      await vi.advanceTimersByTimeAsync(4_000);
    }
    net.set(A, "ok");
    expect(await pool.request("eth_blockNumber")).toBe(answerFrom(A));
    expect(net.to(A)).toBe(4);
    expect(pool.getSnapshot()).toEqual([{ url: A, inUse: true, failures: 3, lastProblem: "could not connect", lastLatencyMs: 0 }]);
  });

  it("tells subscribers of each change, with a new snapshot each time", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    const seen: unknown[] = [];
    const unsubscribe = pool.subscribe(() => seen.push(pool.getSnapshot()));
    net.set(A, "429");
    await pool.request("eth_blockNumber");
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
    unsubscribe();
    await pool.request("eth_blockNumber");
    expect(seen).toHaveLength(2);
  });

  it.each<[string, object]>([
    ["-32000 'request limit reached'", { error: { code: -32000, message: "request limit reached" } }],
    ["-32600 'Invalid Request'", { error: { code: -32600, message: "Invalid Request" } }],
    ["-32001 'API key required'", { error: { code: -32001, message: "API key required" } }],
    ["-32000 'Internal server error'", { error: { code: -32000, message: "Internal server error" } }],
  ])("fails over an endpoint that answers HTTP 200 with %s, and skips it", async (_name, body) => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, replyWith(body));
    expect(await pool.request("eth_call", [{ to: "0x1" }, "latest"])).toBe(answerFrom(B));
    expect(await pool.request("eth_blockNumber")).toBe(answerFrom(B));
    expect(net.to(A)).toBe(1);
    expect(pool.getSnapshot()[0]).toMatchObject({ inUse: false, failures: 1, skippedUntil: Date.now() + POOL_DEFAULTS.coolDownMs });
  });

  it.each<[string, unknown]>([
    ["eth_blockNumber", "0xzz"],
    ["eth_blockNumber", 12],
    ["eth_blockNumber", null],
    ["eth_chainId", "0x"],
    ["eth_call", "0xzz"],
    ["eth_call", "0xabc"],
    ["eth_call", { data: "0x" }],
  ])("fails over an endpoint whose %s result is %j: not what the method returns", async (method, result) => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, replyWith({ result }));
    expect(await pool.request(method, method === "eth_call" ? [{ to: "0x1" }, "latest"] : [])).toBe(answerFrom(B));
    expect(pool.getSnapshot()[0]).toMatchObject({ failures: 1, lastProblem: expect.stringContaining(`the ${method} result is not`) });
  });

  it("takes no reply larger than the cap, streamed or declared, and caps at 8 MB by default", async () => {
    expect(POOL_DEFAULTS.maxReplyBytes).toBe(8 * 1024 * 1024);
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch, maxReplyBytes: 1_000 });
    // A valid answer, only too long: 1 kB of result.
    net.set(A, replyWith({ result: `0x${"00".repeat(600)}` }));
    expect(await pool.request("eth_call", [{ to: "0x1" }, "latest"])).toBe(answerFrom(B));
    expect(pool.getSnapshot()[0]).toMatchObject({ failures: 1, lastProblem: "the answer is larger than 1000 bytes" });
    // A body that never ends is read no further than the cap.
    const endless = new RpcPool([A, B], { fetch: net.fetch, maxReplyBytes: 1_000 });
    let pulled = 0;
    net.set(A, {
      reply: () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull: (controller) => {
              pulled += 1;
              controller.enqueue(new Uint8Array(256).fill(0x20));
            },
          }),
        ),
    });
    expect(await endless.request("eth_blockNumber")).toBe(answerFrom(B));
    expect(pulled).toBeLessThan(10);
    // A Content-Length over the cap is refused before the body is read.
    const declared = new RpcPool([A, B], { fetch: net.fetch, maxReplyBytes: 1_000 });
    net.set(A, { reply: (id) => new Response(JSON.stringify({ jsonrpc: "2.0", id, result: "0x1" }), { headers: { "content-length": "64000000" } }) });
    expect(await declared.request("eth_blockNumber")).toBe(answerFrom(B));
    // Under the cap: taken.
    net.set(A, "ok");
    expect(await new RpcPool([A, B], { fetch: net.fetch, maxReplyBytes: 1_000 }).request("eth_blockNumber")).toBe(answerFrom(A));
  });
});

describe("what the caller knows of its call", () => {
  it("takes an answer the caller cannot read (parse throws) as the endpoint's fault, and asks the next", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, replyWith({ result: "0x" }));
    const parse = (result: unknown) => {
      if (result === "0x") throw new Error("no aggregate3 result in 0x");
      return `read ${String(result)}`;
    };
    expect(await pool.request("eth_call", [], { parse })).toBe("read 0xb0");
    expect(pool.getSnapshot()[0]).toMatchObject({ failures: 1, lastProblem: "the answer could not be read (no aggregate3 result in 0x)" });
    // Without a parse, the same hex is a result.
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.coolDownMs);
    expect(await pool.request("eth_call")).toBe("0x");
  });

  it("takes an error that reads as a revert as the endpoint's fault for a call that cannot revert, and as the chain's answer otherwise", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, replyWith({ error: { code: 3, message: "daily request limit reached", data: "0xdeadbeef" } }));
    expect(await pool.request("eth_blockNumber")).toBe("0xb0");
    expect(pool.getSnapshot()[0].lastProblem).toBe('JSON-RPC error 3 "daily request limit reached" to a call that cannot revert');
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.coolDownMs);
    expect(await pool.request("eth_call", [], { cannotRevert: true })).toBe("0xb0");
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.coolDownMs * 2);
    await expect(pool.request("eth_call")).rejects.toThrow(RpcError);
  });
});

describe("the chain check", () => {
  /** An endpoint that answers well, and eth_chainId with `chainId`. */
  const onChain = (chainId: string): Behaviour => ({
    reply: (id, method) => new Response(JSON.stringify({ jsonrpc: "2.0", id, result: method === "eth_chainId" ? chainId : "0x1234" })),
  });

  it("asks each endpoint its chain once, before its first use; calls sent together share the question", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch, chainId: "0x38" });
    net.set(A, onChain("0x38"));
    expect(await Promise.all([pool.request("eth_blockNumber"), pool.request("eth_call", [{ to: "0x1" }, "latest"])])).toEqual(["0x1234", "0x1234"]);
    await pool.request("eth_blockNumber");
    expect(net.requests.map((request) => [request.url, request.method])).toEqual([
      [A, "eth_chainId"],
      [A, "eth_blockNumber"],
      [A, "eth_call"],
      [A, "eth_blockNumber"],
    ]);
  });

  it("answers an eth_chainId call with the check itself: one request", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A], { fetch: net.fetch, chainId: "0x38" });
    net.set(A, onChain("0x38"));
    expect(await pool.request("eth_chainId")).toBe("0x38");
    expect(net.requests.map((request) => request.method)).toEqual(["eth_chainId"]);
  });

  it("puts an endpoint on another chain out of use for the longest cool-down, says so, and asks again after it", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch, chainId: "0x38" });
    net.set(A, onChain("0x1"));
    net.set(B, onChain("0x38"));
    expect(await pool.request("eth_blockNumber")).toBe("0x1234");
    expect(pool.getSnapshot()[0]).toMatchObject({ url: A, inUse: false, failures: 1, wrongChain: "0x1", lastProblem: "serves chain 0x1, not 0x38: out of use" });
    expect(pool.getSnapshot()[0].skippedUntil).toBe(Date.now() + POOL_DEFAULTS.maxCoolDownMs);
    // Within that time, even with the other endpoint failing: not asked again.
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.maxCoolDownMs - 1_000);
    net.set(B, "429");
    await expect(pool.request("eth_blockNumber")).rejects.toThrow(NetworkError);
    expect(net.to(A)).toBe(1);
    // After it, asked again: now on the app's chain (restarted, or fixed), it is used.
    await vi.advanceTimersByTimeAsync(1_000);
    net.set(A, onChain("0x38"));
    expect(await pool.request("eth_blockNumber")).toBe("0x1234");
    expect(net.requests.filter((request) => request.url === A).map((request) => request.method)).toEqual(["eth_chainId", "eth_chainId", "eth_blockNumber"]);
    expect(pool.getSnapshot()[0]).toMatchObject({ inUse: true });
    expect(pool.getSnapshot()[0].wrongChain).toBeUndefined();
  });

  it("alone on another chain, fails every call at once with that reason, and asks again after the cool-down", async () => {
    const net = fakeNetwork();
    net.set(A, onChain("0x1"));
    const alone = new RpcPool([A], { fetch: net.fetch, chainId: "0x38" });
    await expect(alone.request("eth_blockNumber")).rejects.toThrow(`${A}: serves chain 0x1, not 0x38: out of use`);
    await expect(alone.request("eth_blockNumber")).rejects.toThrow(`${A}: serves chain 0x1, not 0x38: out of use`);
    expect(net.to(A)).toBe(1);
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.maxCoolDownMs);
    net.set(A, onChain("0x38"));
    expect(await alone.request("eth_blockNumber")).toBe("0x1234");
  });

  it("a call that joins a check under way waits for it no longer than its own stall timeout", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch, chainId: "0x38" });
    net.set(A, "refuse");
    net.set(B, { status: 429, retryAfter: "20" });
    await expect(pool.request("eth_blockNumber")).rejects.toThrow(NetworkError);
    // A is ready again after 5 s, B only after 20 s: A's next check is a last hope, given the rest of 60 s.
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.coolDownMs);
    net.set(A, "stall");
    void inBackground(pool.request("eth_blockNumber"));
    await vi.advanceTimersByTimeAsync(15_000);
    // B is back: a call now joins A's check, but waits no longer than the stall timeout before asking B.
    net.set(B, onChain("0x38"));
    const joinedAt = Date.now();
    expect(await settle(pool.request("eth_blockNumber"))).toBe("0x1234");
    expect(Date.now() - joinedAt).toBeLessThanOrEqual(POOL_DEFAULTS.stallTimeoutMs + 100);
  });

  it("does not blame an endpoint for a check another call asked: the joiner moves on, the asker gets the answer", async () => {
    const net = fakeNetwork();
    net.set(A, onChain("0x38"));
    net.set(B, { status: 429, retryAfter: "20" });
    // A's first request, its chain check, takes 30 s to answer.
    let first = true;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (String(input) === A && first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, 30_000));
      }
      return net.fetch(input, init);
    };
    const pool = new RpcPool([B, A], { fetch, chainId: "0x38" });
    // B is rate-limited for 20 s: the call goes on to A, its last hope, and waits for A's check.
    const asker = inBackground(pool.request("eth_blockNumber"));
    await vi.advanceTimersByTimeAsync(18_000);
    // B is nearly back: a call now joins A's check, gives up on it after the stall timeout, and asks B.
    net.set(B, onChain("0x38"));
    expect(await settle(pool.request("eth_blockNumber"))).toBe("0x1234");
    expect(pool.getSnapshot()[1]).toMatchObject({ url: A, failures: 0 });
    expect(pool.getSnapshot()[1].skippedUntil).toBeUndefined();
    // The asker has A's answer once its check is answered: A was slow, not at fault.
    expect(await settle(asker)).toBe("0x1234");
    expect(pool.getSnapshot()[1]).toMatchObject({ url: A, failures: 0, inUse: true });
  });

  it("asks again before the next use when the check was not answered", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch, chainId: "0x38" });
    net.set(A, "429");
    net.set(B, onChain("0x38"));
    await pool.request("eth_blockNumber");
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.coolDownMs);
    net.set(A, onChain("0x38"));
    await pool.request("eth_blockNumber");
    expect(net.requests.filter((request) => request.url === A).map((request) => request.method)).toEqual(["eth_chainId", "eth_chainId", "eth_blockNumber"]);
    expect(pool.getSnapshot()[0]).toMatchObject({ inUse: true });
  });
});

describe("the pool at its edges", () => {
  /** A reply to eth_chainId with `chainId` and to anything else with `result`. */
  const chainAnd = (chainId: string, result = "0x1234"): Behaviour => ({
    reply: (id, method) => new Response(JSON.stringify({ jsonrpc: "2.0", id, result: method === "eth_chainId" ? chainId : result })),
  });
  /** The network's requests with their bodies and headers. */
  function recorded(net: ReturnType<typeof fakeNetwork>) {
    const sent: { url: string; method: string; params: unknown[]; headers: unknown }[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const { method, params } = JSON.parse(String(init?.body)) as { method: string; params: unknown[] };
      sent.push({ url: String(input), method, params, headers: init?.headers });
      return net.fetch(input, init);
    };
    return { fetch, sent };
  }
  /** A reply of `text` that is not a stream (as some fetch polyfills give), with its headers. */
  const plainReply = (text: string, headers: Record<string, string> = {}) => ({ status: 200, headers: new Headers(headers), body: null, text: async () => text }) as unknown as Response;
  /** A JSON-RPC reply of exactly `size` bytes to request `id`, padded with spaces. */
  const replyOfSize = (id: number, size: number) => {
    const json = JSON.stringify({ jsonrpc: "2.0", id, result: "0x1" });
    return json.padEnd(size, " ");
  };

  it("needs at least one endpoint", () => {
    expect(() => new RpcPool([])).toThrow("An RPC pool needs at least one endpoint");
  });

  it("starts with stats that hold only what is known", () => {
    expect(new RpcPool([A, B]).getSnapshot()).toStrictEqual([
      { url: A, inUse: false, failures: 0 },
      { url: B, inUse: false, failures: 0 },
    ]);
  });

  it("posts JSON, with no params for a call that has none, the chain check included", async () => {
    const net = fakeNetwork();
    net.set(A, chainAnd("0x38"));
    const { fetch, sent } = recorded(net);
    const pool = new RpcPool([A], { fetch, chainId: "0x38" });
    expect((await pool.call("eth_blockNumber")).result).toBe("0x1234");
    expect(sent.map(({ method, params, headers }) => [method, params, headers])).toEqual([
      ["eth_chainId", [], { "content-type": "application/json" }],
      ["eth_blockNumber", [], { "content-type": "application/json" }],
    ]);
  });

  it("takes a reply of exactly the cap, declared or streamed in several pieces", async () => {
    const size = 200;
    const net = fakeNetwork();
    const pool = () => new RpcPool([A, B], { fetch: net.fetch, maxReplyBytes: size });
    net.set(A, { reply: (id) => new Response(replyOfSize(id, size), { headers: { "content-length": String(size) } }) });
    expect(await pool().request("eth_blockNumber")).toBe("0x1");
    net.set(A, {
      reply: (id) => {
        const bytes = new TextEncoder().encode(replyOfSize(id, size));
        return new Response(
          new ReadableStream<Uint8Array>({
            start: (controller) => {
              for (const at of [0, 64, 128]) controller.enqueue(bytes.slice(at, at + 64));
              controller.enqueue(bytes.slice(192));
              controller.close();
            },
          }),
        );
      },
    });
    expect(await pool().request("eth_blockNumber")).toBe("0x1");
    expect(net.to(B)).toBe(0);
  });

  it("reads a reply that is not a stream as text, up to the cap, and refuses one over it, declared or not", async () => {
    const size = 200;
    let reply: (id: number) => Response = () => plainReply("");
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (String(input) !== A) return new Response(JSON.stringify({ jsonrpc: "2.0", id: JSON.parse(String(init?.body)).id, result: "0xb0" }));
      return reply(JSON.parse(String(init?.body)).id);
    };
    reply = (id) => plainReply(replyOfSize(id, size));
    expect(await new RpcPool([A, B], { fetch, maxReplyBytes: size }).request("eth_blockNumber")).toBe("0x1");
    reply = (id) => plainReply(replyOfSize(id, size + 1));
    const over = new RpcPool([A, B], { fetch, maxReplyBytes: size });
    expect(await over.request("eth_blockNumber")).toBe("0xb0");
    expect(over.getSnapshot()[0].lastProblem).toBe(`the answer is larger than ${size} bytes`);
    reply = (id) => plainReply(replyOfSize(id, size + 1), { "content-length": String(size + 1) });
    const declared = new RpcPool([A, B], { fetch, maxReplyBytes: size });
    expect(await declared.request("eth_blockNumber")).toBe("0xb0");
    expect(declared.getSnapshot()[0].lastProblem).toBe(`the answer is larger than ${size} bytes`);
  });

  it("stops at the deadline: an endpoint that took all of the call's time leaves none for the next", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch, requestTimeoutMs: POOL_DEFAULTS.stallTimeoutMs });
    net.set(A, "stall");
    await expect(settle(pool.request("eth_blockNumber"))).rejects.toThrow(NetworkError);
    expect(net.to(B)).toBe(0);
  });

  it("with no time at all, asks nothing and says it timed out", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch, requestTimeoutMs: 0 });
    await expect(pool.request("eth_blockNumber")).rejects.toThrow("eth_blockNumber: no JSON-RPC endpoint answered (timed out)");
    expect(net.requests).toEqual([]);
  });

  it("names an endpoint on another chain once among the problems of a call that failed", async () => {
    const net = fakeNetwork();
    net.set(A, chainAnd("0x1"));
    net.set(B, "429");
    const pool = new RpcPool([A, B], { fetch: net.fetch, chainId: "0x38" });
    await expect(pool.request("eth_blockNumber")).rejects.toThrow(
      `eth_blockNumber: no JSON-RPC endpoint answered (${A}: serves chain 0x1, not 0x38: out of use; ${B}: HTTP 429 (rate limited))`,
    );
  });

  it("counts another chain's endpoint as no other hope, even when its cool-down is nearly over: the last one gets the time left", async () => {
    const net = fakeNetwork();
    net.set(B, chainAnd("0x1"));
    net.set(A, chainAnd("0x38", answerFrom(A)));
    const pool = new RpcPool([B, A], { fetch: net.fetch, chainId: "0x38" });
    expect(await pool.request("eth_blockNumber")).toBe(answerFrom(A));
    // B's 2 minutes out of use end within the stall timeout; A is slow.
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.maxCoolDownMs - 1_000);
    net.set(A, { latencyMs: 10_000 });
    expect(await settle(pool.request("eth_blockNumber"))).toBe(answerFrom(A));
    expect(pool.getSnapshot()[1]).toMatchObject({ url: A, failures: 0, inUse: true });
  });

  it("counts an endpoint whose cool-down ends exactly at the stall timeout as another hope", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, "429");
    await pool.request("eth_blockNumber");
    net.set(A, "ok");
    net.set(B, "stall");
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.coolDownMs - POOL_DEFAULTS.stallTimeoutMs);
    const start = Date.now();
    expect(await settle(pool.request("eth_blockNumber"))).toBe(answerFrom(A));
    expect(Date.now() - start).toBe(POOL_DEFAULTS.stallTimeoutMs);
  });

  it("with every endpoint cooling down, asks the one whose cool-down ends first, the first of them on a tie", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    net.set(A, "429");
    net.set(B, { status: 429, retryAfter: "30" });
    await expect(pool.request("eth_blockNumber")).rejects.toThrow(NetworkError);
    net.set(A, "ok");
    net.set(B, "ok");
    await pool.request("eth_blockNumber");
    expect(net.requests.map((request) => request.url)).toEqual([A, B, A]);

    const tie = fakeNetwork();
    const tied = new RpcPool([A, B], { fetch: tie.fetch });
    tie.set(A, "429");
    tie.set(B, "429");
    await expect(tied.request("eth_blockNumber")).rejects.toThrow(NetworkError);
    expect(tied.getSnapshot()[0].skippedUntil).toBe(tied.getSnapshot()[1].skippedUntil);
    tie.set(A, "ok");
    tie.set(B, "ok");
    await tied.request("eth_blockNumber");
    expect(tie.requests.map((request) => request.url)).toEqual([A, B, A]);
  });

  it("once an endpoint passed the check, sends it an eth_chainId call of its own", async () => {
    const net = fakeNetwork();
    net.set(A, chainAnd("0x38"));
    const pool = new RpcPool([A], { fetch: net.fetch, chainId: "0x38" });
    await pool.request("eth_blockNumber");
    expect(await pool.request("eth_chainId")).toBe("0x38");
    expect(net.requests.map((request) => request.method)).toEqual(["eth_chainId", "eth_blockNumber", "eth_chainId"]);
  });

  it("sends an eth_chainId call with params as it is, after the check", async () => {
    const net = fakeNetwork();
    net.set(A, chainAnd("0x38"));
    const pool = new RpcPool([A], { fetch: net.fetch, chainId: "0x38" });
    expect(await pool.request("eth_chainId", ["pending"])).toBe("0x38");
    expect(net.requests.map((request) => request.method)).toEqual(["eth_chainId", "eth_chainId"]);
  });

  it("a new check forgets the chain the last one heard: a call that gives up on it says it had no answer", async () => {
    const net = fakeNetwork();
    net.set(A, chainAnd("0x1"));
    net.set(B, chainAnd("0x38"));
    const pool = new RpcPool([A, B], { fetch: net.fetch, chainId: "0x38" });
    const t0 = Date.now();
    await pool.request("eth_blockNumber");
    // B is rate-limited until 7 s after A is due to be asked again.
    net.set(B, { status: 429, retryAfter: String((POOL_DEFAULTS.maxCoolDownMs + 7_000 - POOL_DEFAULTS.coolDownMs) / 1000) });
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.coolDownMs);
    await expect(pool.request("eth_blockNumber")).rejects.toThrow(NetworkError);
    // A's new check gets no answer: the call that asked it is A's last hope and waits.
    await vi.setSystemTime(t0 + POOL_DEFAULTS.maxCoolDownMs);
    net.set(A, "stall");
    const asker = inBackground(pool.request("eth_blockNumber"));
    await vi.advanceTimersByTimeAsync(5_000);
    // B is nearly back: a call joins A's check, gives up after the stall timeout, and B fails it.
    net.set(B, "500");
    await expect(settle(pool.request("eth_blockNumber"))).rejects.toThrow(`(${A}: no answer within 3.0 s; ${B}: HTTP 502)`);
    await settle(asker).catch(() => undefined);
  });

  it("counts a failed check once, against the call that asked it, when calls sent together share it", async () => {
    const net = fakeNetwork();
    net.set(A, "429");
    net.set(B, chainAnd("0x38"));
    const pool = new RpcPool([A, B], { fetch: net.fetch, chainId: "0x38" });
    expect(await Promise.all([pool.request("eth_blockNumber"), pool.request("eth_blockNumber")])).toEqual(["0x1234", "0x1234"]);
    expect(pool.getSnapshot()[0]).toMatchObject({ failures: 1, lastProblem: "HTTP 429 (rate limited)" });
  });

  it("takes the chain's own error to the chain check (a revert) as the endpoint's fault, without sending the call", async () => {
    const net = fakeNetwork();
    net.set(A, {
      reply: (id, method) =>
        new Response(JSON.stringify({ jsonrpc: "2.0", id, ...(method === "eth_chainId" ? { error: { code: 3, message: "execution reverted" } } : { result: "0xa0" }) })),
    });
    net.set(B, chainAnd("0x38", "0xb0"));
    const pool = new RpcPool([A, B], { fetch: net.fetch, chainId: "0x38" });
    expect(await pool.request("eth_blockNumber")).toBe("0xb0");
    expect(pool.getSnapshot()[0]).toMatchObject({ failures: 1, lastProblem: 'eth_chainId: JSON-RPC error 3 "execution reverted"' });
    expect(net.requests.filter((request) => request.url === A).map((request) => request.method)).toEqual(["eth_chainId"]);
  });

  it("gives the call a stall timeout of its own once the check answered: a slow endpoint is not a stalled one", async () => {
    const net = fakeNetwork();
    net.set(B, chainAnd("0x38", "0xb0"));
    // A phone's slow network: A answers its check in 2 s and the call in 2 s more, each within the
    // 3 s stall timeout, both together past it.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
      if (String(input) !== A) return net.fetch(input, init);
      // As a real fetch: an abort ends the wait.
      await new Promise((resolve, reject) => {
        setTimeout(resolve, 2_000);
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
      return new Response(JSON.stringify({ jsonrpc: "2.0", id, result: method === "eth_chainId" ? "0x38" : "0xa0" }));
    };
    const pool = new RpcPool([A, B], { fetch, chainId: "0x38" });
    expect(await settle(pool.request("eth_blockNumber"))).toBe("0xa0");
    expect(pool.getSnapshot()[0]).toMatchObject({ failures: 0 });
    expect(net.to(B)).toBe(0);
  });

  it("still skips a call silent for its own stall timeout after the check answered", async () => {
    const net = fakeNetwork();
    net.set(B, chainAnd("0x38", "0xb0"));
    // A answers its check at once, then leaves the call unanswered.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
      if (String(input) !== A) return net.fetch(input, init);
      if (method === "eth_chainId") return new Response(JSON.stringify({ jsonrpc: "2.0", id, result: "0x38" }));
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    };
    const pool = new RpcPool([A, B], { fetch, chainId: "0x38" });
    expect(await settle(pool.request("eth_blockNumber"))).toBe("0xb0");
    expect(pool.getSnapshot()[0]).toMatchObject({ failures: 1, lastProblem: "no answer within 3.0 s" });
  });

  it("sends no call when the check took the call's whole time to its deadline, and says so", async () => {
    const net = fakeNetwork();
    net.set(A, chainAnd("0x38"));
    // The only endpoint (so the call has all the time to its deadline), and a clock that moves on by
    // the whole request timeout while A answers its check.
    let jump = 0;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const reply = await net.fetch(input, init);
      jump = POOL_DEFAULTS.requestTimeoutMs;
      return reply;
    };
    const pool = new RpcPool([A], { fetch, chainId: "0x38", now: () => Date.now() + jump });
    await expect(pool.request("eth_blockNumber")).rejects.toThrow("no answer within 60.0 s");
    expect(net.requests.map((request) => request.method)).toEqual(["eth_chainId"]);
  });

  it("leaves no timer behind once a call is answered", async () => {
    const net = fakeNetwork();
    net.set(A, chainAnd("0x38"));
    const pool = new RpcPool([A], { fetch: net.fetch, chainId: "0x38" });
    await pool.request("eth_blockNumber");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("an answer to a call sent the moment a cool-down began ends that cool-down", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A], { fetch: net.fetch });
    net.set(A, "429");
    await expect(pool.request("eth_blockNumber")).rejects.toThrow(NetworkError);
    expect(pool.getSnapshot()[0].skippedUntil).toBe(Date.now() + POOL_DEFAULTS.coolDownMs);
    net.set(A, "ok");
    expect(await pool.request("eth_blockNumber")).toBe(answerFrom(A));
    expect(pool.getSnapshot()[0].skippedUntil).toBeUndefined();
  });

  it("a failure takes 'in use' from the endpoint that failed, not from the one in use", async () => {
    const net = fakeNetwork();
    const pool = new RpcPool([A, B], { fetch: net.fetch });
    const seen: (readonly { url: string; inUse: boolean; failures: number }[])[] = [];
    pool.subscribe(() => seen.push(pool.getSnapshot()));
    await pool.request("eth_blockNumber");
    // A in use fails: at that moment nothing is in use.
    net.set(A, "500");
    await pool.request("eth_blockNumber");
    const atFirstFailure = seen.find((snapshot) => snapshot[0].failures === 1)!;
    expect(atFirstFailure.map((endpoint) => endpoint.inUse)).toEqual([false, false]);
    // B in use; A, ready again, fails: B is still the one in use.
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.coolDownMs);
    await pool.request("eth_blockNumber");
    const atSecondFailure = seen.find((snapshot) => snapshot[0].failures === 2)!;
    expect(atSecondFailure.map((endpoint) => endpoint.inUse)).toEqual([false, true]);
  });

  it("uses the global fetch when given none", async () => {
    const net = fakeNetwork();
    vi.stubGlobal("fetch", net.fetch);
    try {
      expect(await new RpcPool([A]).request("eth_blockNumber")).toBe(answerFrom(A));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("while an endpoint that was on another chain is asked again, counts it as another hope", async () => {
    const net = fakeNetwork();
    net.set(B, "429");
    net.set(A, chainAnd("0x1"));
    const pool = new RpcPool([B, A], { fetch: net.fetch, chainId: "0x38" });
    const t0 = Date.now();
    await expect(pool.request("eth_blockNumber")).rejects.toThrow(NetworkError);
    // B answers again (its back-off starts over), then is rate-limited 3 s before A is due: B is
    // out until 2 s after A's check starts.
    await vi.advanceTimersByTimeAsync(POOL_DEFAULTS.coolDownMs);
    net.set(B, chainAnd("0x38"));
    await pool.request("eth_blockNumber");
    await vi.setSystemTime(t0 + POOL_DEFAULTS.maxCoolDownMs - 3_000);
    net.set(B, "429");
    await expect(pool.request("eth_blockNumber")).rejects.toThrow(NetworkError);
    await vi.setSystemTime(t0 + POOL_DEFAULTS.maxCoolDownMs);
    // A's new check gets no answer; 2.5 s into it, B is back but silent: A, being asked again, is
    // another hope, so B gets the stall timeout, not the rest of the minute.
    net.set(A, "stall");
    const asker = inBackground(pool.request("eth_blockNumber"));
    await vi.advanceTimersByTimeAsync(2_500);
    net.set(B, "stall");
    await expect(settle(pool.request("eth_blockNumber"))).rejects.toThrow(`(${B}: no answer within 3.0 s)`);
    await settle(asker).catch(() => undefined);
  });
});

