/**
 * What the screens would send, recorded instead: `vi.mock("@/lib/transactions/wallet-send",
 * () => walletSendMock())` makes every transaction land in `sent` (its contract, method and
 * arguments) and go through (the stand-in node of rpc-mock.ts mines it at once), unless `failNext`
 * says how the wallet should fail it.
 */
import { act } from "@testing-library/react";
import { expect, vi } from "vitest";

import { addresses } from "@/config/addresses";
import type { ContractCall } from "@/lib/contracts/write";

import { setReceiptLogs } from "./rpc-mock";

export interface SentCall {
  contract: string;
  method: string;
  args: unknown[];
}

export const sent: SentCall[] = [];
let nextFailure: unknown;

/** The next transaction fails with `error` (a revert, a rejection) instead of going through. */
export function failNext(error: unknown): void {
  nextFailure = error;
}

let hold: Promise<void> | undefined;
let nextLogs: unknown[] | undefined;

/** The next transaction's receipt carries these logs (none otherwise). */
export function logsNext(logs: unknown[]): void {
  nextLogs = logs;
}
/** Every transaction has a hash of its own, across tests too. */
let hashes = 0;

/** The next transaction waits in the wallet until the returned function is called. */
export function holdNext(): () => void {
  let release!: () => void;
  hold = new Promise<void>((resolve) => (release = resolve));
  return release;
}

export function resetSent(): void {
  hold = undefined;
  sent.length = 0;
  nextFailure = undefined;
  nextLogs = undefined;
}

/** Stands in for lib/transactions/wallet-send: what the wallet was asked to send lands in `sent`. */
export function walletSendMock() {
  return {
    sendFromWallet: vi.fn(async (_provider: unknown, _account: string, call: ContractCall) => {
      const waiting = hold;
      hold = undefined;
      if (waiting) await waiting;
      if (nextFailure) {
        const error = nextFailure;
        nextFailure = undefined;
        throw error;
      }
      sent.push({ contract: call.contract, method: call.method, args: [...call.args] });
      const hash = `0x${(++hashes).toString(16).padStart(64, "0")}`;
      setReceiptLogs(hash, nextLogs ?? []);
      nextLogs = undefined;
      return { hash, to: addresses[call.contract], data: "0x" };
    }),
  };
}

/**
 * Nothing was sent: checked after a pause long enough for a send that got through to arrive (a
 * send goes through the wallet asynchronously, so `sent` is empty right after any click).
 */
export async function expectNothingSent(): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(sent).toEqual([]);
}
