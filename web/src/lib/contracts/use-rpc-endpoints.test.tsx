import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { env } from "@/config/env";
import { mockRpc } from "@/test/rpc-mock";

import { rpc } from "./rpc";
import { useRpcEndpoints } from "./use-rpc-endpoints";

describe("useRpcEndpoints", () => {
  it("lists the build's endpoints and re-renders with each failure and answer", async () => {
    const node = mockRpc();
    const { result } = renderHook(() => useRpcEndpoints());
    expect(result.current.map((endpoint) => endpoint.url)).toEqual(env.rpcUrls);
    const failuresBefore = result.current[0].failures;

    node.down(true);
    await act(() => expect(rpc("eth_blockNumber")).rejects.toThrow(/no JSON-RPC endpoint answered/));
    expect(result.current[0]).toMatchObject({ inUse: false, failures: failuresBefore + 1, lastProblem: "could not connect", skippedUntil: expect.any(Number) });

    node.down(false);
    await act(() => rpc("eth_blockNumber"));
    await waitFor(() => expect(result.current[0]).toMatchObject({ inUse: true, lastLatencyMs: expect.any(Number) }));
    expect(result.current[0].skippedUntil).toBeUndefined();
  });
});
