/**
 * What the screens would sign, recorded instead of sent: `vi.mock("@/lib/contracts/signing",
 * () => signingMock())` makes every contract call of a transaction land in `sent` and succeed,
 * unless `failNext` says how it should fail.
 */
import { act } from "@testing-library/react";
import { expect, vi } from "vitest";

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

function recorder(contract: string): Record<string, (...args: unknown[]) => Promise<unknown>> {
  return new Proxy(
    {},
    {
      get: (_target, method: string) => async (...args: unknown[]) => {
        const waiting = hold;
        hold = undefined;
        if (waiting) await waiting;
        if (nextFailure) {
          const error = nextFailure;
          nextFailure = undefined;
          throw error;
        }
        sent.push({ contract, method, args });
        const logs = nextLogs ?? [];
        nextLogs = undefined;
        return { hash: `0x${String(sent.length).padStart(64, "0")}`, wait: async () => ({ status: 1, logs }) };
      },
    },
  );
}

export function signingMock() {
  return {
    signingContracts: vi.fn(async () => ({
      main: recorder("Main"),
      revenue: recorder("Revenue"),
      community: recorder("Community"),
      swap: recorder("Swap"),
      market: recorder("MvMarket"),
      tokens: new Proxy({}, { get: (_target, symbol: string) => recorder(symbol) }),
    })),
    waitMined: (response: { wait: (confirms: number, timeoutMs: number) => Promise<unknown> }, timeoutMs: number) => response.wait(1, timeoutMs),
  };
}

/**
 * Nothing was sent: checked after a pause long enough for a send that got through to arrive (the
 * signing module loads asynchronously, so `sent` is empty right after any click).
 */
export async function expectNothingSent(): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(sent).toEqual([]);
}
