/** How a read through the JSON-RPC endpoints can fail: the kinds the rest of the app tells apart. */

/** No endpoint could be reached, or none answered in time, or each answered with a fault of its own. */
export class NetworkError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "NetworkError";
  }
}

/** The chain answered with a JSON-RPC error (a revert carries its data here). */
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
