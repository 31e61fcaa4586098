import { describe, expect, it, vi } from "vitest";

import { sentTransaction } from "@/test/sent-transactions";

import { DROPPED_AFTER_MS, checkTransaction, parseReceipt, type Rpc } from "./check-transaction";

const RECEIPT = { status: "0x1", blockNumber: "0x20", logs: [{ address: "0xabc", topics: ["0x01"], data: "0x" }] };

/** A node whose answers are given per method (each answer in turn when a list). */
function node(answers: Record<string, unknown[]>) {
  const rpc = vi.fn(async (method: string) => {
    const list = answers[method];
    if (!list) throw new Error(`not asked: ${method}`);
    return list.length > 1 ? list.shift() : list[0];
  });
  return rpc as unknown as Rpc & typeof rpc;
}

describe("one look at a pending transaction", () => {
  it("is confirmed or failed by its receipt", async () => {
    expect(await checkTransaction(sentTransaction(1), node({ eth_getTransactionReceipt: [RECEIPT] }))).toEqual({
      state: "confirmed",
      receipt: { hash: sentTransaction(1).hash, blockNumber: 32n, status: 1, logs: RECEIPT.logs },
    });
    expect((await checkTransaction(sentTransaction(1), node({ eth_getTransactionReceipt: [{ ...RECEIPT, status: "0x0" }] }))).state).toBe("failed");
  });

  it("learns the nonce the first time the node shows the transaction", async () => {
    const rpc = node({ eth_getTransactionReceipt: [null], eth_getTransactionByHash: [{ nonce: "0x7" }] });
    expect(await checkTransaction(sentTransaction(1), rpc, 2_000)).toEqual({ state: "pending", nonce: 7, seen: true });
  });

  it("is replaced when its nonce is used and it has no receipt (asked again after the nonce)", async () => {
    const rpc = node({ eth_getTransactionReceipt: [null, null], eth_getTransactionCount: ["0x8"] });
    expect(await checkTransaction(sentTransaction(1, { nonce: 7, seenAt: 1_000 }), rpc, 2_000)).toEqual({ state: "replaced" });
    expect(rpc).toHaveBeenCalledTimes(3);
  });

  it("is confirmed, not replaced, when it was mined between the two looks", async () => {
    const rpc = node({ eth_getTransactionReceipt: [null, RECEIPT], eth_getTransactionCount: ["0x8"] });
    expect((await checkTransaction(sentTransaction(1, { nonce: 7, seenAt: 1_000 }), rpc, 2_000)).state).toBe("confirmed");
  });

  it("stays pending while its nonce is free, without asking for the transaction again", async () => {
    const rpc = node({ eth_getTransactionReceipt: [null], eth_getTransactionCount: ["0x7"] });
    expect(await checkTransaction(sentTransaction(1, { nonce: 7, seenAt: 1_000 }), rpc, 2_000)).toEqual({ state: "pending", seen: false });
    expect(rpc.mock.calls.map(([method]) => method)).not.toContain("eth_getTransactionByHash");
  });

  it("is dropped once the node has not known it for a long time and its nonce is still free", async () => {
    const sent = sentTransaction(1, { nonce: 7, seenAt: 1_000 });
    const unknown = { eth_getTransactionReceipt: [null], eth_getTransactionCount: ["0x7"], eth_getTransactionByHash: [null] };
    expect((await checkTransaction(sent, node(unknown), 1_000 + DROPPED_AFTER_MS - 1)).state).toBe("pending");
    expect((await checkTransaction(sent, node(unknown), 1_000 + DROPPED_AFTER_MS + 1)).state).toBe("dropped");
    // Never shown at all (sent through the wallet's own node, then lost).
    expect((await checkTransaction(sentTransaction(1), node(unknown), 1_000 + DROPPED_AFTER_MS + 1)).state).toBe("dropped");
    // Still known: pending, and seen now.
    const known = { ...unknown, eth_getTransactionByHash: [{ nonce: "0x7" }] };
    expect(await checkTransaction(sent, node(known), 1_000 + DROPPED_AFTER_MS + 1)).toEqual({ state: "pending", nonce: 7, seen: true });
  });

  it.each([
    ["a status that is not one", { ...RECEIPT, status: "0x2" }],
    ["no logs", { status: "0x1", blockNumber: "0x1" }],
    ["a block number that is not a quantity", { ...RECEIPT, blockNumber: "0xzz" }],
    ["a malformed log", { ...RECEIPT, logs: [{ address: 1 }] }],
  ])("refuses a receipt with %s (the endpoint's fault: asked again later)", (_label, raw) => {
    expect(() => parseReceipt(raw, sentTransaction(1).hash)).toThrow();
  });
});
