import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { transactionLog } from "@/lib/transactions/transaction-log";
import { ALICE } from "@/test/render-page";
import { mockHistory } from "@/test/history-mock";
import { sentTransaction } from "@/test/sent-transactions";

import { readActivity } from "./history";
import { RELOAD_DELAYS_MS, useHistory } from "./use-history";

const route = `/accounts/${ALICE}/activity`;
const EXCHANGED = {
  position: "20000000",
  contract: "Swap",
  name: "Exchanged",
  sender: ALICE.toLowerCase(),
  args: {},
  blockNumber: "20",
  time: "1800000020",
  txHash: `0x${"14".padStart(64, "0")}`,
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a history list after this device's transaction is confirmed", () => {
  it("reads again for more than two minutes while the indexer lags, and says unavailable if the indexer is gone by the last read", async () => {
    const history = mockHistory({ [route]: [[EXCHANGED]] });
    const { result } = renderHook(() => useHistory(route, readActivity, { account: ALICE.toLowerCase() }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.status).toBe("ready");
    const firstReads = history.requests.length;

    act(() => transactionLog.add(sentTransaction(4, { state: "confirmed", settledAt: Date.now() })));
    // The indexer lags: each read finds the list without the transaction.
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_DELAYS_MS.slice(0, -1).reduce((sum, delay) => sum + delay, 0)));
    expect(history.requests.length - firstReads).toBe(RELOAD_DELAYS_MS.length - 1);
    expect(result.current.status).toBe("ready");
    // Then it goes down: the last read, past two minutes, fails.
    mockHistory("down");
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_DELAYS_MS.at(-1)!));
    expect(RELOAD_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThan(2 * 60_000);
    expect(result.current.status).toBe("unavailable");
    expect(result.current.items).toHaveLength(1);
  });
});
