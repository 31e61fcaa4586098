/**
 * Batched reads: every read started in the same tick, by any component, goes out as one
 * Multicall3 `aggregate3` in one `eth_call`. Each read fails on its own (its revert is decoded
 * like a transaction's); a network failure fails them all. Every batch also reads the block
 * number and time, which keeps the app's chain clock.
 */
import type { BaseContract } from "ethers";

import type { Multicall3 } from "@typechain/index";

import type { ContractHandle } from "./contracts";
import type { ArgsOf, OutOf, ViewName } from "./method-types";
import { viewCoder } from "./read-abi";
import type { ReadViewOf } from "./read-views";
import type { CallOptions } from "./rpc-pool";

/** One view call, ready to be batched, with how to decode its answer. */
export interface ReadCall<T> {
  readonly target: string;
  readonly callData: string;
  readonly label: string;
  decode(returnData: string): T;
}

/** A view call of a product contract, typed by the method's own arguments and result; only the
 *  views the app reads are in the browser's ABIs (read-views.ts). */
export function read<C extends BaseContract, V extends string, K extends ViewName<C> & V>(
  contract: ContractHandle<C, V>,
  method: K,
  ...args: ArgsOf<C[K]>
): ReadCall<OutOf<C[K]>> {
  const view = viewCoder(contract.abi, method);
  return {
    target: contract.target,
    callData: view.encode(args),
    label: method,
    decode: (returnData) => {
      const result = view.decode(returnData);
      return (result.length === 1 ? result[0] : result) as OutOf<C[K]>;
    },
  };
}

/** A read that reverted: `data` is the revert data, decoded by lib/contracts/errors. */
export class ReadRevertedError extends Error {
  constructor(
    readonly label: string,
    readonly data: string,
  ) {
    super(`The read ${label} reverted`);
    this.name = "ReadRevertedError";
  }
}

export interface BlockInfo {
  number: bigint;
  timestamp: bigint;
}

interface Pending {
  call: ReadCall<unknown>;
  /** The answer, with the block it was read at when the batch says (a read alone does not). */
  resolve: (value: unknown, block?: bigint) => void;
  reject: (error: unknown) => void;
}

/** Reads by name: what a screen's data hook asks for, and its answers under the same names (never
 *  the names useChainQuery gives its own fields). */
export type NamedReads = Record<string, ReadCall<unknown>> & { data?: never; error?: never; loading?: never; refreshing?: never };
export type NamedResults<T extends NamedReads> = { -readonly [K in keyof T]: T[K] extends ReadCall<infer R> ? R : never };

/** An eth_call; with `options`, its answer read by `parse` (an answer it cannot read is the
 *  endpoint's fault: rpc-pool.ts tries the next). */
export interface EthCall {
  (to: string, data: string): Promise<string>;
  <T>(to: string, data: string, options: CallOptions<T>): Promise<T>;
}

/** The oldest block of `answers`; undefined when any was read without one (or there are none). */
function oldestBlock(answers: { block?: bigint }[]): bigint | undefined {
  let oldest: bigint | undefined;
  for (const { block } of answers) {
    if (block === undefined) return undefined;
    if (oldest === undefined || block < oldest) oldest = block;
  }
  return oldest;
}

export class ReadBatcher {
  private queue: Pending[] = [];
  private scheduled = false;
  /** How many aggregate3 calls went out: what the benchmark and the tests count. */
  batchesSent = 0;

  constructor(
    private readonly multicall: ContractHandle<Multicall3, ReadViewOf<"Multicall3">>,
    private readonly ethCall: EthCall,
    private readonly onBlock: (block: BlockInfo) => void = () => undefined,
    /** Off: each read is its own eth_call, as without this class. Only the benchmark builds
     *  the app so (READ_BATCHING=off), to measure what batching saves. */
    private readonly batching = true,
  ) {}

  load<T>(call: ReadCall<T>): Promise<T> {
    return this.loadAt(call).then(({ value }) => value);
  }

  /** A read, with the block it was read at (undefined when read alone, without batching). */
  private loadAt<T>(call: ReadCall<T>): Promise<{ value: T; block?: bigint }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ call, resolve: (value, block) => resolve({ value: value as T, block }), reject });
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => void this.flush());
      }
    });
  }

  /** Every read of `reads` (in the same batch), answered under its name. */
  async loadNamed<T extends NamedReads>(reads: T): Promise<NamedResults<T>> {
    return (await this.loadNamedAt(reads)).data;
  }

  /** loadNamed, with the block the answers were read at (the oldest, should they span batches;
   *  undefined without batching): what useChainQuery compares with the user's latest transaction. */
  async loadNamedAt<T extends NamedReads>(reads: T): Promise<{ data: NamedResults<T>; block?: bigint }> {
    const names = Object.keys(reads);
    const answers = await Promise.all(names.map((name) => this.loadAt(reads[name])));
    return { data: Object.fromEntries(names.map((name, index) => [name, answers[index].value])) as NamedResults<T>, block: oldestBlock(answers) };
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    this.scheduled = false;
    if (!this.batching) {
      await Promise.all(batch.map((pending) => this.callAlone(pending)));
      return;
    }
    const [aggregate3, blockNumber, blockTime] = (["aggregate3", "getBlockNumber", "getCurrentBlockTimestamp"] as const).map((name) => viewCoder(this.multicall.abi, name));
    const target = this.multicall.target;
    const calls = [
      { target, allowFailure: false, callData: blockNumber.encode([]) },
      { target, allowFailure: false, callData: blockTime.encode([]) },
      ...batch.map(({ call }) => ({ target: call.target, allowFailure: true, callData: call.callData })),
    ];
    this.batchesSent += 1;
    // Read as the pool gets it: an answer that is not aggregate3's, with one result per call and
    // the block's number and time (0x, or garbage hex, from a lying endpoint), is the endpoint's
    // fault, and the same call goes to the next one. Every read may fail on its own, and the two
    // of Multicall3 itself cannot: the call as a whole cannot revert.
    const parse = (hex: unknown) => {
      const results = aggregate3.decode(hex as string)[0] as { success: boolean; returnData: string }[];
      if (results.length !== calls.length) throw new Error(`${results.length} results for ${calls.length} calls`);
      const block: BlockInfo = {
        number: blockNumber.decode(results[0].returnData)[0] as bigint,
        timestamp: blockTime.decode(results[1].returnData)[0] as bigint,
      };
      return { results, block };
    };
    let answer: ReturnType<typeof parse>;
    try {
      answer = await this.ethCall(target, aggregate3.encode([calls]), { parse, cannotRevert: true });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    const { results, block } = answer;
    this.onBlock(block);
    batch.forEach(({ call, resolve, reject }, index) => {
      const { success, returnData } = results[index + 2];
      if (!success) {
        reject(new ReadRevertedError(call.label, returnData));
        return;
      }
      try {
        resolve(call.decode(returnData), block.number);
      } catch (error) {
        reject(error);
      }
    });
  }

  private async callAlone({ call, resolve, reject }: Pending): Promise<void> {
    this.batchesSent += 1;
    try {
      resolve(call.decode(await this.ethCall(call.target, call.callData)));
    } catch (error) {
      const data = (error as { data?: unknown }).data;
      reject(typeof data === "string" && data.startsWith("0x") ? new ReadRevertedError(call.label, data) : error);
    }
  }
}
