import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { HEAD_POLL_MS, useChainStatus, watchHead } from "./chain-status";
import { READ_NOTICE_MS } from "./read-notice";
import { REQUEST_TIMEOUT_MS } from "./rpc";

/** A node behind `fetch` that answers eth_chainId and eth_blockNumber, or takes requests and never answers (until aborted). */
function node() {
  let hung = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: unknown, init: RequestInit) => {
      if (hung) {
        return new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")));
        });
      }
      const { id, method } = JSON.parse(String(init.body)) as { id: number; method: string };
      // BSC's chain id to the pool's chain check (rpc-pool.ts), block 16 to the head watch.
      return new Response(JSON.stringify({ jsonrpc: "2.0", id, result: method === "eth_chainId" ? "0x38" : "0x10" }), { headers: { "content-type": "application/json" } });
    }),
  );
  return {
    hang: (value: boolean) => {
      hung = value;
    },
  };
}

const networkOk = () => useChainStatus.getState().networkOk;

describe("a node that stops answering", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useChainStatus.setState({ networkOk: true, head: null });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is said within READ_NOTICE_MS of an unanswered head poll, long before the request gives up; the next answer says the node is back", async () => {
    const { hang } = node();
    const stop = watchHead();
    await vi.advanceTimersByTimeAsync(HEAD_POLL_MS);
    expect(useChainStatus.getState().head).toBe(16n);

    hang(true);
    await vi.advanceTimersByTimeAsync(HEAD_POLL_MS + READ_NOTICE_MS - 1);
    expect(networkOk()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(networkOk()).toBe(false);
    expect(READ_NOTICE_MS).toBeLessThan(REQUEST_TIMEOUT_MS / 10);

    hang(false);
    await vi.advanceTimersByTimeAsync(HEAD_POLL_MS);
    expect(networkOk()).toBe(true);
    // The poll still hanging from before does not say otherwise when its time passes.
    await vi.advanceTimersByTimeAsync(READ_NOTICE_MS);
    expect(networkOk()).toBe(true);
    stop();
  });
});
