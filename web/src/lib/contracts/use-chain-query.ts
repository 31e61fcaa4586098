/**
 * A screen's reads: built as a list of `read(...)` calls, sent through the batcher (one eth_call
 * with everything read in the same tick), and sent again when the chain moves past the data,
 * after the user's own transactions, or when the network comes back.
 *
 * `key` names what is read (for example the page and the account): a new key reads anew and
 * shows no stale data; null reads nothing (say, no wallet yet).
 */
import { useEffect, useRef, useState } from "react";

import type { ReadCall, ResultsOf } from "./batch";
import { batcher, useChainStatus } from "./chain-status";
import { isNetworkError } from "./error-kinds";

export interface ChainQuery<T> {
  data: T | undefined;
  error: unknown;
  /** True until the first answer (data or error) for the current key arrives. */
  loading: boolean;
}

interface Answer<T> {
  key: string;
  data?: T;
  error?: unknown;
}

export function useChainQuery<const T extends readonly ReadCall<unknown>[]>(
  key: string | null,
  build: () => T,
): ChainQuery<ResultsOf<T>> {
  const [answer, setAnswer] = useState<Answer<ResultsOf<T>> | null>(null);
  const [version, setVersion] = useState(0);
  const latestBuild = useRef(build);
  const dataBlock = useRef<bigint | null>(null);

  useEffect(() => {
    latestBuild.current = build;
  });

  useEffect(
    () =>
      useChainStatus.subscribe((status, previous) => {
        const newBlock =
          status.head !== previous.head && status.head !== null && dataBlock.current !== null && status.head > dataBlock.current;
        if (newBlock || status.txVersion !== previous.txVersion || status.networkEpoch !== previous.networkEpoch) {
          setVersion((count) => count + 1);
        }
      }),
    [],
  );

  useEffect(() => {
    if (key === null) return;
    let current = true;
    batcher.loadAll(latestBuild.current()).then(
      (data) => {
        if (!current) return;
        dataBlock.current = useChainStatus.getState().readBlock;
        setAnswer({ key, data });
      },
      (error: unknown) => {
        if (!current) return;
        if (isNetworkError(error)) useChainStatus.getState().setNetworkOk(false);
        // Keep what was shown for this key: a failed refresh does not blank the screen.
        setAnswer((previous) => ({ key, data: previous?.key === key ? previous.data : undefined, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [key, version]);

  const mine = answer?.key === key ? answer : undefined;
  return { data: mine?.data, error: mine?.error, loading: key !== null && !mine };
}
