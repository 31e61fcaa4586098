import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { ReadCall } from "./batch";
import { batcher, CONFIRMED_BLOCK_MS, useChainStatus } from "./chain-status";
import { NetworkError } from "./rpc-errors";
import { useChainQuery } from "./use-chain-query";

/** The batcher answers each load when the test says so: the data, and the block the batch read it at. */
function controlledBatcher() {
  const loads: { resolve: (data: unknown, block?: bigint) => void; reject: (error: unknown) => void }[] = [];
  vi.spyOn(batcher, "loadNamedAt").mockImplementation(
    () =>
      new Promise((resolve, reject) => loads.push({ resolve: (data, block) => resolve({ data, block } as never), reject })) as ReturnType<
        typeof batcher.loadNamedAt
      >,
  );
  return loads;
}

/** What the hook is asked to read: the batcher is stubbed, so the call itself is never made. */
const build = () => ({ allowance: {} as ReadCall<bigint> });

/** A query answered with an allowance of 0 at block `readAt`, then the user's transaction confirmed
 *  at `confirmedAt`: its read again is asked (loads[1]) and waits for the test's answer. */
async function readAgainAfterTransaction(readAt: bigint, confirmedAt: bigint) {
  const loads = controlledBatcher();
  const hook = renderHook(() => useChainQuery("holdings", build));
  act(() => loads[0].resolve({ allowance: 0n }, readAt));
  await waitFor(() => expect(hook.result.current.data).toEqual({ allowance: 0n }));
  act(() => useChainStatus.getState().transactionConfirmed(confirmedAt));
  await waitFor(() => expect(loads).toHaveLength(2));
  return { loads, result: hook.result };
}

describe("useChainQuery", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is refreshing from the user's confirmed transaction until the read asked after it answers", async () => {
    const loads = controlledBatcher();
    const { result } = renderHook(() => useChainQuery("holdings", build));
    expect(result.current).toMatchObject({ loading: true, refreshing: false });
    act(() => loads[0].resolve({ allowance: 0n }));
    await waitFor(() => expect(result.current.data).toEqual({ allowance: 0n }));
    expect(result.current.refreshing).toBe(false);

    act(() => useChainStatus.getState().transactionConfirmed(10n));
    // What is shown counts nothing of that transaction yet: still the old figure, said as such.
    expect(result.current).toMatchObject({ data: { allowance: 0n }, refreshing: true });
    await waitFor(() => expect(loads).toHaveLength(2));
    act(() => loads[1].resolve({ allowance: 40n }));
    await waitFor(() => expect(result.current.data).toEqual({ allowance: 40n }));
    expect(result.current.refreshing).toBe(false);
  });

  it("is refreshing while the read again comes from a block before the transaction's (an endpoint behind), until a later one", async () => {
    const loads = controlledBatcher();
    const answerAt = (index: number, block: bigint, data: unknown) => act(() => loads[index].resolve(data, block));
    const { result } = renderHook(() => useChainQuery("holdings", build));
    answerAt(0, 8n, { allowance: 0n });
    await waitFor(() => expect(result.current.data).toEqual({ allowance: 0n }));
    act(() => useChainStatus.getState().transactionConfirmed(10n));
    await waitFor(() => expect(loads).toHaveLength(2));
    // Not the figure the transaction made (a block too early), whatever it says.
    answerAt(1, 9n, { allowance: 1n });
    await waitFor(() => expect(result.current.data).toEqual({ allowance: 1n }));
    expect(result.current.refreshing).toBe(true);
    // The head moves past what was read: read again, at the transaction's block this time.
    act(() => useChainStatus.getState().observeHead(10n));
    await waitFor(() => expect(loads).toHaveLength(3));
    answerAt(2, 10n, { allowance: 40n });
    await waitFor(() => expect(result.current.data).toEqual({ allowance: 40n }));
    expect(result.current.refreshing).toBe(false);
  });

  it("forgets the transaction's block after a while: a chain started again below it is not waited for", () => {
    vi.useFakeTimers();
    try {
      useChainStatus.getState().transactionConfirmed(500n);
      expect(useChainStatus.getState().confirmedBlock).toBe(500n);
      vi.advanceTimersByTime(CONFIRMED_BLOCK_MS);
      expect(useChainStatus.getState().confirmedBlock).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("stays refreshing when the read again finds no node, and counts the transaction once the network is back", async () => {
    const { loads, result } = await readAgainAfterTransaction(20n, 21n);
    act(() => loads[1].reject(new NetworkError("could not connect")));
    await waitFor(() => expect(result.current.error).toBeDefined());
    // The figures of before, said to be so: a press is not judged on them.
    expect(result.current).toMatchObject({ data: { allowance: 0n }, refreshing: true });
    expect(useChainStatus.getState().networkOk).toBe(false);
    act(() => useChainStatus.getState().setNetworkOk(true));
    await waitFor(() => expect(loads).toHaveLength(3));
    act(() => loads[2].resolve({ allowance: 40n }, 21n));
    await waitFor(() => expect(result.current.data).toEqual({ allowance: 40n }));
    expect(result.current.refreshing).toBe(false);
  });

  it("is not refreshing for ever when the chain refuses the read again: the old figures stay, with the error", async () => {
    const { loads, result } = await readAgainAfterTransaction(20n, 21n);
    act(() => loads[1].reject(new Error("execution reverted")));
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current).toMatchObject({ data: { allowance: 0n }, refreshing: false });
  });

  it("reads nothing and is not refreshing without a key", () => {
    const loads = controlledBatcher();
    const { result } = renderHook(() => useChainQuery(null, build));
    act(() => useChainStatus.getState().transactionConfirmed(10n));
    expect(result.current).toMatchObject({ loading: false, refreshing: false, data: undefined });
    expect(loads).toHaveLength(0);
  });
});
