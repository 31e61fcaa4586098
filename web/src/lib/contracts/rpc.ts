/**
 * The JSON-RPC client for reads: each call goes through the pool of the build's endpoints
 * (rpc-pool.ts: order, failover, cool-downs), with the 60 s timeout of docs/product/rules.md §5. Reads need only
 * eth_call and eth_blockNumber; the app needs no ethers provider class at all (about 50 kB gzip):
 * the wallet signs and sends transactions (lib/transactions/wallet-send.ts).
 */
import { BSC } from "@/config/chain";

import { RpcPool, type CallOptions } from "./rpc-pool";

export { NetworkError, RpcError } from "./rpc-errors";
export { REQUEST_TIMEOUT_MS, type EndpointStats } from "./rpc-pool";

/** The app's one pool: every read, the head watch and the diagnostics probe go through it. Each
 *  endpoint's chain is checked before its first use: one on another chain is out of use for a while (rpc-pool.ts). */
export const rpcPool = new RpcPool(BSC.rpcUrls, { chainId: BSC.chainIdHex });

export const rpc = <T>(method: string, params: unknown[] = [], options?: CallOptions<T>): Promise<T> => rpcPool.request<T>(method, params, options);

/** An eth_call at the latest block; with `options`, its answer read (and checked) by the caller's `parse`. */
export function ethCall(to: string, data: string): Promise<string>;
export function ethCall<T>(to: string, data: string, options: CallOptions<T>): Promise<T>;
export function ethCall<T>(to: string, data: string, options?: CallOptions<T>): Promise<T | string> {
  return rpc<T | string>("eth_call", [{ to, data }, "latest"], options as CallOptions<T | string>);
}
export const blockNumber = async () => BigInt(await rpc<string>("eth_blockNumber"));
