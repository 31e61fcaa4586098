/**
 * What the app knows of the chain: the head block (watched by polling), the chain's clock (from
 * the block time of the last batch of reads), whether the node answers (a read failed, or went
 * unanswered for READ_NOTICE_MS), and a counter of the user's own confirmed transactions. Views
 * refresh when the head moves past their data or after the user's transactions.
 */
import { create } from "zustand";

import { log } from "@/lib/log";

import { ReadBatcher, type BlockInfo } from "./batch";
import { contracts } from "./contracts";
import { createReadNotice } from "./read-notice";
import { blockNumber, ethCall } from "./rpc";
import type { CallOptions } from "./rpc-pool";

export interface ChainStatus {
  /** The newest block number the poller saw. */
  head: bigint | null;
  /** Block number and time (seconds) of the last batch of reads, and when it was seen (ms): the
   *  block the data on screen was read at, and the chain's clock. */
  readBlock: bigint | null;
  blockTime: number | null;
  observedAt: number;
  /** False once a read failed for lack of a node, or went unanswered for READ_NOTICE_MS (a node
   *  that hangs); true again at the next answer. */
  networkOk: boolean;
  /** Counts recoveries of the network, so views that failed try again. */
  networkEpoch: number;
  /** Counts the user's own confirmed transactions, so views refresh after each. */
  txVersion: number;
  /** The block of the user's latest confirmed transaction, for CONFIRMED_BLOCK_MS after it: data
   *  read at an older block (an endpoint a block behind) does not count it yet. Forgotten after
   *  that, so that a chain started again below it (a local node) is not waited for. */
  confirmedBlock: bigint | null;
  observeBlock: (block: BlockInfo) => void;
  observeHead: (head: bigint) => void;
  setNetworkOk: (ok: boolean) => void;
  transactionConfirmed: (block: bigint) => void;
}

/** How long the block of the user's latest transaction is kept (ChainStatus.confirmedBlock): an
 *  endpoint behind catches up within a few blocks, and the head poll reads again meanwhile. */
export const CONFIRMED_BLOCK_MS = 30_000;

export const useChainStatus = create<ChainStatus>()((set, get) => ({
  head: null,
  readBlock: null,
  blockTime: null,
  observedAt: 0,
  networkOk: true,
  networkEpoch: 0,
  txVersion: 0,
  confirmedBlock: null,
  observeBlock: (block) => {
    set({ readBlock: block.number, blockTime: Number(block.timestamp), observedAt: Date.now() });
    get().setNetworkOk(true);
  },
  observeHead: (head) => {
    if (get().head !== head) set({ head });
    get().setNetworkOk(true);
  },
  setNetworkOk: (ok) => {
    const { networkOk, networkEpoch } = get();
    if (ok === networkOk) return;
    set(ok ? { networkOk: true, networkEpoch: networkEpoch + 1 } : { networkOk: false });
  },
  transactionConfirmed: (block) => {
    const confirmedBlock = get().confirmedBlock;
    const newest = confirmedBlock === null || block > confirmedBlock ? block : confirmedBlock;
    set((state) => ({ txVersion: state.txVersion + 1, confirmedBlock: newest }));
    setTimeout(() => {
      if (get().confirmedBlock === newest) set({ confirmedBlock: null });
    }, CONFIRMED_BLOCK_MS);
  },
}));

/** The chain's time now, in seconds: the last block time seen plus what elapsed since. */
export function chainNow(status: Pick<ChainStatus, "blockTime" | "observedAt"> = useChainStatus.getState()): number {
  if (status.blockTime === null) return Math.floor(Date.now() / 1000);
  return status.blockTime + Math.floor((Date.now() - status.observedAt) / 1000);
}

/** Every read of the chain: one unanswered too long means the node is not answering, as far as the user is concerned. */
const watched = createReadNotice(() => useChainStatus.getState().setNetworkOk(false));

function watchedEthCall(to: string, data: string): Promise<string>;
function watchedEthCall<T>(to: string, data: string, options: CallOptions<T>): Promise<T>;
function watchedEthCall<T>(to: string, data: string, options?: CallOptions<T>): Promise<T | string> {
  return watched<T | string>(options ? ethCall(to, data, options) : ethCall(to, data));
}

/** The app's one batcher: every read of every screen goes through it. */
export const batcher = new ReadBatcher(
  contracts.multicall,
  watchedEthCall,
  (block) => useChainStatus.getState().observeBlock(block),
  import.meta.env.VITE_READ_BATCHING !== "off",
);

export const HEAD_POLL_MS = 4_000;

/** Watches the head block; returns a function that stops watching. */
export function watchHead(intervalMs: number = HEAD_POLL_MS): () => void {
  let stopped = false;
  const poll = async () => {
    try {
      const head = await watched(blockNumber());
      if (!stopped) useChainStatus.getState().observeHead(head);
    } catch (error) {
      log.warn("the node did not answer", error);
      if (!stopped) useChainStatus.getState().setNetworkOk(false);
    }
  };
  const timer = setInterval(() => void poll(), intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
