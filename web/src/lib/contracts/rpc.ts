/**
 * The JSON-RPC client for reads: a POST per call to the configured node, with the spec's 60 s
 * timeout. Reads need only eth_call and eth_blockNumber; ethers' provider classes (about 50 kB
 * gzip) load only when the user signs a transaction (see signing.ts).
 */
import { env } from "@/config/env";

export const REQUEST_TIMEOUT_MS = 60_000;

/** The node could not be reached, or did not answer in time. */
export class NetworkError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "NetworkError";
  }
}

/** The node answered with a JSON-RPC error (a revert carries its data here). */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

let nextId = 1;

export async function rpc<T>(method: string, params: unknown[] = [], url: string = env.rpcUrl): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
      signal: controller.signal,
    });
  } catch (error) {
    throw new NetworkError(controller.signal.aborted ? `${method} timed out` : `${method} could not reach the node`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw new NetworkError(`${method}: the node answered HTTP ${response.status}`);
  let body: { result?: T; error?: { message?: string; code?: number; data?: unknown } };
  try {
    body = await response.json();
  } catch (error) {
    throw new NetworkError(`${method}: the node's answer is not JSON`, { cause: error });
  }
  if (body.error) throw new RpcError(body.error.message ?? "JSON-RPC error", body.error.code ?? 0, body.error.data);
  return body.result as T;
}

export const ethCall = (to: string, data: string) => rpc<string>("eth_call", [{ to, data }, "latest"]);
export const blockNumber = async () => BigInt(await rpc<string>("eth_blockNumber"));
