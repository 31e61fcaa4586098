/**
 * Talking to the local node: one JSON-RPC call by hand (its errors kept whole: code, message and
 * revert data), and the ethers provider the tools use, without a cache.
 */
import { JsonRpcProvider, Network } from "ethers";

import { BSC_CHAIN_ID } from "../../contracts-abi/product";

/** The node answered with an error: its code, message (`reason`) and data, as it sent them. */
export class JsonRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly reason: string,
    readonly data?: unknown,
  ) {
    super(`${method}: ${reason}`);
  }
}

/** One JSON-RPC call to `url`; an error answer throws a JsonRpcError, a silent node fails after `timeoutMs`. */
export async function rpc<T>(url: string, method: string, params: unknown[] = [], timeoutMs = 5_000): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
  if (body.error) throw new JsonRpcError(method, body.error.code, body.error.message, body.error.data);
  return body.result as T;
}

/**
 * An ethers provider for the local chain (chain id 56, never asked), without a cache: a nonce or a
 * balance read a moment ago may be stale by the next transaction.
 */
export function localProvider(url: string): JsonRpcProvider {
  return new JsonRpcProvider(url, Network.from(BSC_CHAIN_ID), { staticNetwork: true, cacheTimeout: -1 });
}
