import { useEffect, useState } from "react";

import { chainNow, useChainStatus } from "./chain-status";

/** The chain's time, in seconds, updated every second: countdowns run on it, not on the
 *  device's clock (a local chain can run ahead of it). */
export function useChainNow(): number {
  const blockTime = useChainStatus((status) => status.blockTime);
  const observedAt = useChainStatus((status) => status.observedAt);
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), 1_000);
    return () => clearInterval(timer);
  }, []);
  return chainNow({ blockTime, observedAt });
}
