import { describe, expect, it } from "vitest";

import { Main__factory } from "@typechain/index";

import { mockRpc } from "@/test/rpc-mock";

import { ReadBatcher, ReadRevertedError, read, type BlockInfo } from "./batch";
import { contracts } from "./contracts";
import { ethCall } from "./rpc";

const main = Main__factory.createInterface();
const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("batched reads", () => {
  it("sends every read of a tick as one eth_call through Multicall3, and decodes each", async () => {
    const rpc = mockRpc((_target, callData) => {
      if (callData.startsWith(main.getFunction("powerOf")!.selector)) return { success: true, returnData: main.encodeFunctionResult("powerOf", [300n]) };
      return { success: true, returnData: main.encodeFunctionResult("treasury", [ALICE]) };
    }, 77n);
    const blocks: BlockInfo[] = [];
    const batcher = new ReadBatcher(contracts.multicall, ethCall, (block) => blocks.push(block));
    const { power, miner } = await batcher.loadNamed({ power: read(contracts.main, "powerOf", ALICE), miner: read(contracts.main, "treasury") });
    const [again] = await Promise.all([batcher.load(read(contracts.main, "powerOf", ALICE)), batcher.load(read(contracts.main, "treasury"))]);
    expect([power, miner, again]).toEqual([300n, ALICE, 300n]);
    expect(rpc.batches()).toBe(2);
    expect(batcher.batchesSent).toBe(2);
    // Besides the endpoint's chain check (rpc-pool.ts), asked once.
    expect(rpc.requests.filter((request) => request.method === "eth_chainId")).toHaveLength(1);
    const calls = rpc.requests.filter((request) => request.method !== "eth_chainId");
    expect(calls.every((request) => (request.params[0] as { to: string }).to === contracts.multicall.target)).toBe(true);
    expect(blocks[0]).toEqual({ number: 77n, timestamp: 1_800_000_000n });
  });

  it("says which block a batch of named reads was read at; a read without batching says none", async () => {
    mockRpc(() => ({ success: true, returnData: main.encodeFunctionResult("treasury", [ALICE]) }), 91n);
    const batched = new ReadBatcher(contracts.multicall, ethCall);
    expect(await batched.loadNamedAt({ miner: read(contracts.main, "treasury") })).toEqual({ data: { miner: ALICE }, block: 91n });
    const alone = new ReadBatcher(contracts.multicall, async () => main.encodeFunctionResult("treasury", [ALICE]), undefined, false);
    expect(await alone.loadNamedAt({ miner: read(contracts.main, "treasury") })).toEqual({ data: { miner: ALICE }, block: undefined });
  });

  it("fails a reverted read on its own, with its revert data", async () => {
    const failure = main.encodeErrorResult("MainUnknownRecord", [ALICE, 3n]);
    mockRpc((_target, callData) =>
      callData.startsWith(main.getFunction("recordsOf")!.selector)
        ? { success: false, returnData: failure }
        : { success: true, returnData: main.encodeFunctionResult("recordCount", [3n]) },
    );
    const batcher = new ReadBatcher(contracts.multicall, ethCall);
    const [count, record] = await Promise.allSettled([
      batcher.load(read(contracts.main, "recordCount", ALICE)),
      batcher.load(read(contracts.main, "recordsOf", ALICE, 3n, 1n)),
    ]);
    expect(count).toEqual({ status: "fulfilled", value: 3n });
    expect(record.status).toBe("rejected");
    expect((record as PromiseRejectedResult).reason).toBeInstanceOf(ReadRevertedError);
    expect(((record as PromiseRejectedResult).reason as ReadRevertedError).data).toBe(failure);
  });

  it("fails every read of the batch when the node is down", async () => {
    mockRpc().down(true);
    const batcher = new ReadBatcher(contracts.multicall, ethCall);
    const results = await Promise.allSettled([batcher.load(read(contracts.main, "treasury")), batcher.load(read(contracts.main, "totalAcbBurned"))]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  });

  it("with batching off, sends each read as its own eth_call to its contract (the benchmark's baseline)", async () => {
    const failure = main.encodeErrorResult("MainUnknownRecord", [ALICE, 3n]);
    const calls: { to: string; data: string }[] = [];
    const direct = async (to: string, data: string) => {
      calls.push({ to, data });
      if (data.startsWith(main.getFunction("recordsOf")!.selector)) throw Object.assign(new Error("execution reverted"), { code: 3, data: failure });
      return main.encodeFunctionResult("treasury", [ALICE]);
    };
    const batcher = new ReadBatcher(contracts.multicall, direct, undefined, false);
    const [miner, record] = await Promise.allSettled([batcher.load(read(contracts.main, "treasury")), batcher.load(read(contracts.main, "recordsOf", ALICE, 3n, 1n))]);
    expect(miner).toEqual({ status: "fulfilled", value: ALICE });
    expect(((record as PromiseRejectedResult).reason as ReadRevertedError).data).toBe(failure);
    expect(calls.map((call) => call.to)).toEqual([contracts.main.target, contracts.main.target]);
    expect(batcher.batchesSent).toBe(2);
  });
});
