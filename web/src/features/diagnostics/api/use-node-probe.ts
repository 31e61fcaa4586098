import { useEffect, useState } from "react";

import { hexQuantity } from "@/lib/contracts/hex-quantity";
import { rpcPool } from "@/lib/contracts/rpc";
import { log } from "@/lib/log";

/** What the node said to the last probe: its chain, its latest block, how long it took and which
 *  endpoint answered; or that none did. */
export interface NodeProbe {
  chainId?: number;
  block?: bigint;
  latencyMs?: number;
  /** The JSON-RPC endpoint that answered the block-number request. */
  endpoint?: string;
  failed?: boolean;
}

/** Asks the node for its chain and latest block, timing the answer; `measure` asks again. Through
 *  the endpoint pool, as every read (so the endpoint in use is measured, and a throttled one is
 *  skipped), but not through the read batcher: the time is the node's alone. */
export function useNodeProbe() {
  const [probe, setProbe] = useState<NodeProbe>({});
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    const started = performance.now();
    Promise.all([rpcPool.request<string>("eth_chainId"), rpcPool.call<string>("eth_blockNumber")])
      // Parsed inside the chain, so a reply that is no number is the probe's failure, not an uncaught error.
      .then(([chainId, block]) => ({ chainId: Number(hexQuantity(chainId, "chain id")), block: hexQuantity(block.result, "block number"), latencyMs: Math.round(performance.now() - started), endpoint: block.url }))
      .then(
        (result) => current && setProbe(result),
        (error: unknown) => {
          log.warn("diagnostics: the node did not answer", error);
          if (current) setProbe({ failed: true });
        },
      );
    return () => {
      current = false;
    };
  }, [round]);

  return { probe, measure: () => setRound((count) => count + 1) };
}
