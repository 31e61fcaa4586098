/**
 * A stand-in JSON-RPC node for tests, behind `fetch`: answers eth_blockNumber, eth_call to
 * Multicall3's aggregate3 by decoding the batch and asking `answer` for each call (and any other
 * eth_call by asking `answer` for it), and the receipt
 * of any transaction (mined at once, successful).
 */
import type { Interface } from "ethers/abi";
import { vi } from "vitest";

import { Multicall3__factory } from "@typechain/index";

const multicall: Interface = Multicall3__factory.createInterface();
const AGGREGATE3 = multicall.getFunction("aggregate3")!.selector;

export type CallAnswer = (target: string, callData: string) => { success: boolean; returnData: string };

export interface RpcMock {
  requests: { method: string; params: unknown[] }[];
  /** Number of aggregate3 calls made. */
  batches: () => number;
  down: (isDown: boolean) => void;
}

/** Logs a transaction's receipt carries (none unless set: see wallet-send-mock's logsNext). */
const receiptLogs = new Map<string, unknown[]>();

export function setReceiptLogs(hash: string, logs: unknown[]): void {
  receiptLogs.set(hash, logs);
}

export interface NodeOptions {
  /** The code at an address (eth_getCode): "0x", an account with none, unless told. */
  code?: (address: string) => string;
  /** An account's nonce at "latest" or "pending" (eth_getTransactionCount): 0 unless told. */
  nonce?: (tag: string) => number;
  /** Holds the answers to `method` until the promise it returns settles: a slow node. */
  holdAnswer?: (method: string) => Promise<void> | undefined;
}

export function mockRpc(answer: CallAnswer = () => ({ success: true, returnData: "0x" }), block = 100n, { code = () => "0x", nonce = () => 0, holdAnswer }: NodeOptions = {}): RpcMock {
  const requests: { method: string; params: unknown[] }[] = [];
  let isDown = false;
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (isDown) throw new TypeError("Failed to fetch");
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] };
    requests.push({ method: body.method, params: body.params });
    await holdAnswer?.(body.method);
    let result: unknown = null;
    if (body.method === "eth_blockNumber") result = `0x${block.toString(16)}`;
    if (body.method === "eth_chainId") result = "0x38";
    if (body.method === "eth_getCode") result = code(body.params[0] as string);
    if (body.method === "eth_getTransactionCount") result = `0x${nonce(body.params[1] as string).toString(16)}`;
    // Every transaction is mined at once, and succeeds.
    if (body.method === "eth_getTransactionReceipt") {
      const hash = body.params[0] as string;
      result = { status: "0x1", blockNumber: `0x${block.toString(16)}`, logs: receiptLogs.get(hash) ?? [] };
    }
    if (body.method === "eth_call" && !(body.params[0] as { data: string }).data.startsWith(AGGREGATE3)) {
      // A call on its own (the contracts console's): answered as a node does, a revert as a
      // JSON-RPC error carrying its data.
      const { to, data } = body.params[0] as { to: string; data: string };
      const { success, returnData } = answer(to, data);
      const reply = success ? { result: returnData } : { error: { code: 3, message: "execution reverted", data: returnData } };
      return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, ...reply }), { headers: { "content-type": "application/json" } });
    }
    if (body.method === "eth_call") {
      const { data } = body.params[0] as { to: string; data: string };
      const [calls] = multicall.decodeFunctionData("aggregate3", data) as unknown as [{ target: string; callData: string }[]];
      const results = calls.map((call) => {
        const selector = call.callData.slice(0, 10);
        if (selector === multicall.getFunction("getBlockNumber")!.selector) {
          return { success: true, returnData: multicall.encodeFunctionResult("getBlockNumber", [block]) };
        }
        if (selector === multicall.getFunction("getCurrentBlockTimestamp")!.selector) {
          return { success: true, returnData: multicall.encodeFunctionResult("getCurrentBlockTimestamp", [1_800_000_000n]) };
        }
        return answer(call.target, call.callData);
      });
      result = multicall.encodeFunctionResult("aggregate3", [results]);
    }
    return new Response(JSON.stringify({ jsonrpc: "2.0", id: body.id, result }), { headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    requests,
    batches: () => requests.filter((request) => request.method === "eth_call").length,
    down: (value) => {
      isDown = value;
    },
  };
}
