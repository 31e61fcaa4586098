/**
 * A screen's reads: built as named `read(...)` calls, sent through the batcher (one eth_call with
 * everything read in the same tick), answered under the same names, and sent again when the chain
 * moves past the data, after the user's own transactions, or when the network comes back. Each
 * feature's `api/` folder wraps its reads in a hook (useSaleOrders, useExchangeLimits...).
 *
 * `key` names what is read (for example the page and the account): a new key reads anew and
 * shows no stale data; null reads nothing (say, no wallet yet).
 */
import { useEffect, useRef, useState } from "react";

import type { NamedReads, NamedResults } from "./batch";
import { batcher, useChainStatus } from "./chain-status";
import { isNetworkError } from "./error-kinds";

/** Each read under its name (undefined until answered), and the answer as a whole. */
export type ChainQuery<T> = Partial<T> & {
  /** Every read, once all are answered. */
  data: T | undefined;
  error: unknown;
  /** True until the first answer (data or error) for the current key arrives. */
  loading: boolean;
  /** True while what is shown does not count the user's latest confirmed transaction yet (an
   *  allowance just authorised, a balance just spent): read before it was confirmed, or at an
   *  older block (an endpoint behind), and being read again. */
  refreshing: boolean;
};

interface Answer<T> {
  key: string;
  data?: T;
  error?: unknown;
  /** The chain status's txVersion when the read was asked: the user's transactions it counts. */
  txVersion: number;
  /** The block it was read at, when known. */
  block?: bigint | null;
}

export function useChainQuery<T extends NamedReads>(key: string | null, build: () => T): ChainQuery<NamedResults<T>> {
  const txVersion = useChainStatus((status) => status.txVersion);
  const confirmedBlock = useChainStatus((status) => status.confirmedBlock);
  const [answer, setAnswer] = useState<Answer<NamedResults<T>> | null>(null);
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
    const asked = useChainStatus.getState().txVersion;
    batcher.loadNamedAt(latestBuild.current()).then(
      ({ data, block }) => {
        if (!current) return;
        // The block the batch says it read at (none without batching: the benchmark's mode).
        dataBlock.current = block ?? useChainStatus.getState().readBlock;
        setAnswer({ key, data, txVersion: asked, block: dataBlock.current });
      },
      (error: unknown) => {
        if (!current) return;
        const network = isNetworkError(error);
        if (network) useChainStatus.getState().setNetworkOk(false);
        // Keep what was shown for this key: a failed refresh does not blank the screen. Without a
        // node it is as old as it was (still 'refreshing' if it was: a press is told the figures
        // are being read, not judged on them), and read again when the network comes back. A read
        // the chain refused is an answer: not 'refreshing' for ever.
        setAnswer((previous) => {
          const kept = previous?.key === key ? previous : undefined;
          return network && kept ? { ...kept, error } : { key, data: kept?.data, error, txVersion: asked };
        });
      },
    );
    return () => {
      current = false;
    };
  }, [key, version]);

  const mine = answer?.key === key ? answer : undefined;
  const behind = mine?.block !== undefined && mine.block !== null && confirmedBlock !== null && mine.block < confirmedBlock;
  const refreshing = mine !== undefined && (mine.txVersion < txVersion || behind);
  return { ...mine?.data, data: mine?.data, error: mine?.error, loading: key !== null && !mine, refreshing } as ChainQuery<NamedResults<T>>;
}
