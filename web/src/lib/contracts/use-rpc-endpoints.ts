import { useSyncExternalStore } from "react";

import { rpcPool } from "./rpc";
import type { EndpointStats } from "./rpc-pool";

/** Each JSON-RPC endpoint of the build, in order, with how it has been doing; re-renders on every change. */
export function useRpcEndpoints(): readonly EndpointStats[] {
  return useSyncExternalStore(rpcPool.subscribe, rpcPool.getSnapshot);
}
