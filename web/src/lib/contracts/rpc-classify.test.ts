import { describe, expect, it } from "vitest";

import { classifyReply, classifyRpcError, invalidResult, retryAfterMs, type HttpReply } from "./rpc-classify";

const NOW = Date.parse("2030-01-01T00:00:00Z");
const ID = 7;
const json = (body: unknown, status = 200, retryAfter?: string): HttpReply => ({ status, body: JSON.stringify(body), retryAfter });
const error = (code: number, message: string, data?: unknown) => json({ jsonrpc: "2.0", id: ID, error: { code, message, data } });
const kind = (reply: HttpReply) => classifyReply(reply, ID, NOW).kind;

describe("classifying an endpoint's reply", () => {
  it("takes a result, null included (a receipt not mined yet is an answer)", () => {
    expect(classifyReply(json({ jsonrpc: "2.0", id: ID, result: "0x2a" }), ID, NOW)).toEqual({ kind: "result", result: "0x2a" });
    expect(classifyReply(json({ jsonrpc: "2.0", id: ID, result: null }), ID, NOW)).toEqual({ kind: "result", result: null });
  });

  it("skips HTTP 429 as a rate limit, with its Retry-After", () => {
    expect(classifyReply({ status: 429, body: "Too Many Requests", retryAfter: "30" }, ID, NOW)).toEqual({
      kind: "skip",
      problem: "HTTP 429 (rate limited)",
      rateLimited: true,
      retryAfterMs: 30_000,
    });
  });

  it.each([500, 502, 503, 504, 403, 404, 301, 101])("skips HTTP %i, whatever its body says", (status) => {
    // A gateway's error page can even carry a JSON-RPC result shape: it is still not taken.
    const outcome = classifyReply(json({ jsonrpc: "2.0", id: ID, result: "0x1" }, status), ID, NOW);
    expect(outcome).toMatchObject({ kind: "skip", problem: `HTTP ${status}`, rateLimited: false });
  });

  it("skips a body that is not a JSON-RPC answer to this request", () => {
    expect(kind({ status: 200, body: "<html>Cloudflare</html>" })).toBe("skip");
    expect(kind({ status: 200, body: "" })).toBe("skip");
    expect(kind(json([{ jsonrpc: "2.0", id: ID, result: "0x1" }]))).toBe("skip");
    expect(kind(json("0x1"))).toBe("skip");
    expect(kind(json({ jsonrpc: "2.0", id: ID }))).toBe("skip");
    expect(classifyReply(json({ jsonrpc: "2.0", id: ID + 1, result: "0x1" }), ID, NOW)).toMatchObject({ kind: "skip", problem: expect.stringContaining("another request") });
    expect(kind(json({ jsonrpc: "2.0", id: String(ID), result: "0x1" }))).toBe("skip");
  });

  it("never takes an error body as a result", () => {
    for (const reply of [error(-32005, "limit exceeded"), error(-32603, "internal error"), error(3, "execution reverted", "0x08c379a0")]) {
      expect(kind(reply)).not.toBe("result");
    }
  });

  it.each([
    [-32005, "limit exceeded"],
    [-32016, "over rate limit"],
    [-32090, "Too many requests, reason: call rate limit exhausted, retry in 10m0s"],
    [-32000, "rate limit reached"],
    [-32001, "Too Many Requests"],
    [-32000, "daily request count exceeded, request rate limited"],
    [-32000, "capacity exceeded"],
    [-32000, "exceeded the quota usage"],
    [-32000, "request limit reached"],
  ])("skips a rate-limit body (%i %s)", (code, message) => {
    expect(classifyReply(error(code, message), ID, NOW)).toMatchObject({ kind: "skip", rateLimited: true });
  });

  it.each([
    [-32603, "internal error"],
    [-32601, "the method eth_call does not exist/is not available"],
    [-32002, "resource unavailable"],
    [-32000, "header not found"],
    [-32000, "missing trie node 5c8f… (path )"],
    [-32000, "state unavailable"],
    [-32000, "state is not available"],
    [-32000, "request timed out"],
    [-32000, "upstream connect error"],
    [-32099, "no healthy upstream"],
    [-32600, "Invalid Request"],
    [-32001, "API key required"],
    [-32000, "Internal server error"],
    [-32000, "bad gateway"],
    [-32000, "backend error"],
    [-32004, "unauthorized"],
  ])("skips a node fault (%i %s)", (code, message) => {
    expect(classifyReply(error(code, message), ID, NOW)).toMatchObject({ kind: "skip", rateLimited: false, problem: `JSON-RPC error ${code} "${message}"` });
  });

  it("passes a revert to the caller with its data, even when its reason sounds like a limit", () => {
    const data = "0x08c379a0";
    expect(classifyReply(error(3, "execution reverted: daily limit exceeded", data), ID, NOW)).toEqual({
      kind: "answer",
      code: 3,
      message: "execution reverted: daily limit exceeded",
      data,
    });
    expect(classifyReply(error(-32000, "execution reverted", data), ID, NOW)).toMatchObject({ kind: "answer", code: -32000, data });
  });

  it("passes a revert worded as another client words it, or carrying revert data under any words, to the caller", () => {
    expect(kind(error(-32015, "VM execution error.", "Reverted 0x"))).toBe("answer");
    expect(kind(error(-32603, "VM Exception while processing transaction: reverted with custom error 'TooLow()'"))).toBe("answer");
    expect(kind(error(-32000, "call failed", "0x3f4f2a1b"))).toBe("answer");
    expect(kind(error(-32000, "call failed", "0x08c379a0" + "00".repeat(32)))).toBe("answer");
    // Not revert data: too short, odd length, or not hex: the node's fault still.
    expect(kind(error(-32000, "call failed", "0x1234"))).toBe("skip");
    expect(kind(error(-32000, "call failed", "0x3f4f2a1b0"))).toBe("skip");
    expect(kind(error(-32000, "call failed", "oops"))).toBe("skip");
  });

  it("passes invalid params of our own call, and what any node would say, to the caller", () => {
    expect(kind(error(-32602, "invalid argument 0: hex string has odd length"))).toBe("answer");
    expect(kind(error(-32000, "out of gas"))).toBe("answer");
    expect(kind(error(-32000, "insufficient funds for gas * price + value"))).toBe("answer");
  });

  it("reads an error that is a bare string", () => {
    expect(kind(json({ jsonrpc: "2.0", id: ID, error: "rate limit" }))).toBe("skip");
  });
});

describe("JSON-RPC error bodies", () => {
  it("tells a revert first, then a rate limit, then a fault", () => {
    expect(classifyRpcError({ code: 3, message: "execution reverted" })).toBe("answer");
    expect(classifyRpcError({ code: -32005, message: "execution reverted" })).toBe("answer");
    expect(classifyRpcError({ code: -32005, message: "header not found" })).toBe("rate-limited");
    expect(classifyRpcError({ code: -32603 })).toBe("node-fault");
    // Unknown: the node's fault (reads are aggregate3 with allowFailure, block number, chain id).
    expect(classifyRpcError({})).toBe("node-fault");
    expect(classifyRpcError({ code: -32000, message: "out of gas" })).toBe("answer");
  });
});

describe("results", () => {
  it("takes a hex quantity for eth_blockNumber and eth_chainId, hex data for eth_call, and leaves other methods' results alone", () => {
    for (const good of ["0x0", "0x38", "0x1a2B3c"]) {
      expect(invalidResult("eth_blockNumber", good)).toBeUndefined();
      expect(invalidResult("eth_chainId", good)).toBeUndefined();
    }
    for (const bad of ["0xzz", "0x", "38", "", 56, null, `0x${"1".repeat(65)}`]) {
      expect(invalidResult("eth_blockNumber", bad)).toMatch(/^the eth_blockNumber result is not a plausible hex quantity/);
    }
    for (const good of ["0x", "0x00", "0xAbCd"]) expect(invalidResult("eth_call", good)).toBeUndefined();
    for (const bad of ["0xzz", "0xabc", "abcd", null, {}]) expect(invalidResult("eth_call", bad)).toMatch(/^the eth_call result is not hex data/);
    expect(invalidResult("eth_getTransactionReceipt", null)).toBeUndefined();
  });

  it("skips a block number or chain id no chain has (0x and 64 f's)", () => {
    expect(invalidResult("eth_blockNumber", `0x${"f".repeat(64)}`)).toMatch(/not a plausible hex quantity/);
    expect(invalidResult("eth_chainId", `0x${"f".repeat(14)}`)).toMatch(/not a plausible hex quantity/);
    expect(invalidResult("eth_blockNumber", "0x2faf080")).toBeUndefined();
  });

  it("skips a reply whose result is not what the method returns", () => {
    expect(classifyReply(json({ jsonrpc: "2.0", id: ID, result: "0xzz" }), ID, NOW, "eth_blockNumber")).toMatchObject({ kind: "skip", rateLimited: false });
    expect(classifyReply(json({ jsonrpc: "2.0", id: ID, result: "0x2a" }), ID, NOW, "eth_blockNumber")).toEqual({ kind: "result", result: "0x2a" });
  });

  it("shows no direction override or invisible character an endpoint sends in its message", () => {
    const outcome = classifyReply(error(-32603, "abc\u202Edef\u200B\u0007"), ID, NOW);
    expect(outcome).toMatchObject({ kind: "skip", problem: 'JSON-RPC error -32603 "abc\ufffddef\ufffd\ufffd"' });
  });

  it("keeps what an endpoint says out of the problem beyond a short excerpt (a 1 MB id, a 1 MB message)", () => {
    const big = "x".repeat(1_000_000);
    const wrongId = classifyReply(json({ jsonrpc: "2.0", id: big, result: "0x1" }), ID, NOW);
    expect(wrongId).toMatchObject({ kind: "skip", problem: expect.stringContaining("another request") });
    expect(wrongId.kind === "skip" && wrongId.problem.length).toBeLessThan(200);
    const longError = classifyReply(error(-32000, big), ID, NOW);
    expect(longError.kind === "skip" && longError.problem.length).toBeLessThan(200);
    const badResult = classifyReply(json({ jsonrpc: "2.0", id: ID, result: big }), ID, NOW, "eth_call");
    expect(badResult.kind === "skip" && badResult.problem.length).toBeLessThan(200);
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates, and ignores what it cannot read", () => {
    expect(retryAfterMs("120", NOW)).toBe(120_000);
    expect(retryAfterMs(" 0 ", NOW)).toBe(0);
    expect(retryAfterMs(new Date(NOW + 45_000).toUTCString(), NOW)).toBe(45_000);
    expect(retryAfterMs(new Date(NOW - 45_000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterMs("soon", NOW)).toBeUndefined();
    expect(retryAfterMs("-5", NOW)).toBeUndefined();
    expect(retryAfterMs(null, NOW)).toBeUndefined();
  });

  it("comes with any skipped reply that has one", () => {
    expect(classifyReply({ status: 503, body: "", retryAfter: "10" }, ID, NOW)).toMatchObject({ retryAfterMs: 10_000 });
    expect(classifyReply(error(-32005, "limit exceeded"), ID, NOW)).toMatchObject({ retryAfterMs: undefined });
  });
});
