import { useEffect, useState } from "react";

import { rpc } from "@/lib/contracts/rpc";
import { log } from "@/lib/log";

/** What the node said to the last probe: its chain, its latest block and how long it took; or that it did not answer. */
export interface NodeProbe {
  chainId?: number;
  block?: bigint;
  latencyMs?: number;
  failed?: boolean;
}

/** Asks the node for its chain and latest block, timing the answer; `measure` asks again. Straight
 *  to the node, not through the read batcher: the time is the node's alone. */
export function useNodeProbe() {
  const [probe, setProbe] = useState<NodeProbe>({});
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    const started = performance.now();
    Promise.all([rpc<string>("eth_chainId"), rpc<string>("eth_blockNumber")]).then(
      ([chainId, block]) => current && setProbe({ chainId: Number(chainId), block: BigInt(block), latencyMs: Math.round(performance.now() - started) }),
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
