import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { Main__factory } from "@typechain/index";

import { useChainStatus } from "@/lib/contracts/chain-status";
import { useToasts } from "@/lib/toast/toast-store";
import { sentTransaction } from "@/test/sent-transactions";

import type { Rpc } from "./check-transaction";
import { transactionLog } from "./transaction-log";
import { LOOKS_PER_POLL, POLL_MS, resetWatcher, waitForOutcome, watchTransactions } from "./watcher";

const RECEIPT = { status: "0x1", blockNumber: "0x20", logs: [] };
const toasts = () => useToasts.getState().toasts.map(({ key }) => key);

/** The node: `answer` decides each call. */
function useNode(answer: (method: string, params: unknown[]) => unknown) {
  const rpc = vi.fn(async (method: string, params: unknown[]) => answer(method, params));
  resetWatcher(rpc as unknown as Rpc);
  return rpc;
}

beforeEach(() => {
  vi.useFakeTimers();
  useToasts.setState({ toasts: [] });
});

afterEach(() => {
  resetWatcher();
  vi.useRealTimers();
});

describe("the watcher", () => {
  it("tells a transaction nobody waits for (sent before a reload) in a pop-up when it is confirmed, and views refresh", async () => {
    let mined = false;
    useNode((method) => (method === "eth_getTransactionReceipt" ? (mined ? RECEIPT : null) : method === "eth_getTransactionByHash" ? { nonce: "0x1" } : "0x1"));
    transactionLog.add(sentTransaction(1));
    const stop = watchTransactions();
    const version = useChainStatus.getState().txVersion;
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(transactionLog.find(sentTransaction(1).hash)).toMatchObject({ state: "pending", nonce: 1 });
    mined = true;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(transactionLog.find(sentTransaction(1).hash)?.state).toBe("confirmed");
    expect(toasts()).toEqual(["common:messages.synthesisSuccessful"]);
    expect(useChainStatus.getState().txVersion).toBe(version + 1);
    stop();
  });

  it("calls a transaction replaced only when two looks in a row agree", async () => {
    let replaced = true;
    useNode((method) => (method === "eth_getTransactionReceipt" ? null : method === "eth_getTransactionCount" ? (replaced ? "0x9" : "0x5") : { nonce: "0x5" }));
    transactionLog.add(sentTransaction(2, { nonce: 5, seenAt: Date.now() }));
    const outcome = waitForOutcome(sentTransaction(2).hash, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(transactionLog.find(sentTransaction(2).hash)?.state).toBe("pending");
    // An endpoint behind the other: the next look does not agree, and the count starts again.
    replaced = false;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    replaced = true;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(transactionLog.find(sentTransaction(2).hash)?.state).toBe("pending");
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await expect(outcome).resolves.toEqual({ state: "replaced" });
    expect(transactionLog.find(sentTransaction(2).hash)?.state).toBe("replaced");
    // The page waiting for it tells it: no second pop-up from the watcher.
    expect(toasts()).toEqual([]);
  });

  it("gives a reverted transaction the reason its replay at its block reverts with", async () => {
    const data = Main__factory.createInterface().encodeErrorResult("MainAllowanceTooLow", [sentTransaction(3).account, 0n, 5n]);
    const rpc = useNode((method) => {
      if (method === "eth_getTransactionReceipt") return { ...RECEIPT, status: "0x0" };
      if (method === "eth_call") throw Object.assign(new Error("execution reverted"), { code: 3, data });
      throw new Error(`not asked: ${method}`);
    });
    transactionLog.add(sentTransaction(3));
    const outcome = waitForOutcome(sentTransaction(3).hash, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    await expect(outcome).resolves.toMatchObject({ state: "failed", reason: { key: "errors:authorizeFirst" } });
    expect(transactionLog.find(sentTransaction(3).hash)?.failure).toEqual({ key: "errors:authorizeFirst" });
    expect(rpc.mock.calls.find(([method]) => method === "eth_call")?.[1]).toEqual([{ from: sentTransaction(3).account, to: sentTransaction(3).to, data: "0x1234" }, "0x20"]);
  });

  it("answers a page waiting for a transaction that another tab has settled meanwhile", async () => {
    useNode((method) => (method === "eth_getTransactionReceipt" ? RECEIPT : null));
    transactionLog.add(sentTransaction(4, { state: "confirmed", settledAt: 1 }));
    const outcome = waitForOutcome(sentTransaction(4).hash, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    await expect(outcome).resolves.toMatchObject({ state: "confirmed", receipt: { blockNumber: 32n } });
  });

  it("keeps asking while the node does not answer, and says `pending` when the caller stops waiting", async () => {
    const rpc = useNode(() => {
      throw new TypeError("Failed to fetch");
    });
    transactionLog.add(sentTransaction(5));
    const outcome = waitForOutcome(sentTransaction(5).hash, POLL_MS * 3);
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    await expect(outcome).resolves.toEqual({ state: "pending" });
    expect(rpc.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(transactionLog.find(sentTransaction(5).hash)?.state).toBe("pending");
  });

  it("looks at a few pending transactions each time, in turn, those a page waits for first", async () => {
    const looked: string[] = [];
    useNode((method, params) => {
      if (method === "eth_getTransactionReceipt") looked.push(params[0] as string);
      return method === "eth_getTransactionByHash" ? { nonce: "0x1" } : method === "eth_getTransactionReceipt" ? null : "0x1";
    });
    for (let n = 10; n < 20; n++) transactionLog.add(sentTransaction(n));
    void waitForOutcome(sentTransaction(15).hash, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(looked).toHaveLength(LOOKS_PER_POLL);
    expect(looked[0]).toBe(sentTransaction(15).hash);
    await vi.advanceTimersByTimeAsync(POLL_MS * 4);
    expect(looked).toHaveLength(LOOKS_PER_POLL * 5);
    // The one waited for each time, and the nine others in turn: every one within five rounds.
    expect(looked.filter((hash) => hash === sentTransaction(15).hash)).toHaveLength(5);
    expect(new Set(looked).size).toBe(10);
  });

  it("watches nothing and asks nothing when nothing is pending", async () => {
    const rpc = useNode(() => null);
    transactionLog.add(sentTransaction(6, { state: "confirmed", settledAt: 1 }));
    const stop = watchTransactions();
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(rpc).not.toHaveBeenCalled();
    stop();
  });
});
