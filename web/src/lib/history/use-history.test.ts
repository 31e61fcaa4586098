import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { transactionLog } from "@/lib/transactions/transaction-log";
import { ALICE } from "@/test/render-page";
import { mockHistory } from "@/test/history-mock";
import { sentTransaction } from "@/test/sent-transactions";

import { readActivity } from "./history";
import { HURRY_FOR_MS, HURRY_MS, WATCH_MS } from "./indexed-head";
import { useHistory } from "./use-history";

const route = `/accounts/${ALICE}/activity`;

/** An event of Alice's at block `block`. */
function event(block: number, hash = block) {
  return {
    position: String(block * 1_000_000),
    contract: "Swap",
    name: "Exchanged",
    sender: ALICE.toLowerCase(),
    args: {},
    blockNumber: String(block),
    time: String(1_800_000_000 + block),
    txHash: `0x${hash.toString(16).padStart(64, "0")}`,
  };
}
const rows = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => event(from - i));
const blocks = (list: { items: { position: string }[] }) => list.items.map((row) => Number(BigInt(row.position) / 1_000_000n));

/** Lets the reads on their way (and any timer due by then) finish. */
const settle = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a history list while it is open", () => {
  it("reads its first page again within a watch of the indexer having a new row, asking the indexer only, and keeps the pages loaded below", async () => {
    const pages = { [route]: [rows(30, 21), rows(20, 11), rows(10, 1)] };
    const history = mockHistory(pages);
    const fetchSpy = vi.mocked(globalThis.fetch);
    const { result } = renderHook(() => useHistory(route, readActivity));
    await settle();
    expect(blocks(result.current)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21]);
    act(() => result.current.loadMore());
    await settle();
    expect(result.current.items).toHaveLength(20);

    // Nothing new: the watch asks, the list is not read again.
    const reads = history.requests.length;
    await settle(3 * WATCH_MS);
    expect(history.requests.length).toBe(reads);
    expect(history.polls).toBeGreaterThanOrEqual(3);

    // Someone else's action is indexed (this device knows nothing of it).
    pages[route] = [rows(32, 23), rows(22, 13), rows(12, 3), rows(2, 1)];
    await settle(WATCH_MS);
    expect(blocks(result.current).slice(0, 3)).toEqual([32, 31, 30]);
    // What "Show more" had loaded is still there, each row once, with its cursor.
    expect(blocks(result.current)).toEqual([32, 31, ...blocks({ items: rows(30, 11) })]);
    expect(result.current.hasMore).toBe(true);
    // Nothing but the indexer was asked: no JSON-RPC.
    expect(fetchSpy.mock.calls.every(([input]) => new URL(String(input), "http://app.test").pathname.startsWith("/history/"))).toBe(true);
  });

  it("asks every second after this device's transaction is confirmed, and shows it within a second of the indexer having it; then back to the slow watch", async () => {
    const pages = { [route]: [rows(10, 1)] };
    const history = mockHistory(pages);
    const { result } = renderHook(() => useHistory(route, readActivity, { account: ALICE.toLowerCase() }));
    await settle();
    const mine = event(11, 0xabc);
    act(() => transactionLog.add(sentTransaction(4, { hash: mine.txHash, state: "confirmed", settledAt: Date.now() })));
    await settle(0);
    const before = history.polls;
    // The indexer lags five seconds: five polls, no read of the list.
    const reads = history.requests.length;
    await settle(5 * HURRY_MS);
    expect(history.polls - before).toBeGreaterThanOrEqual(5);
    expect(history.requests.length).toBe(reads);

    pages[route] = [[mine, ...rows(10, 2)]];
    await settle(HURRY_MS);
    expect(result.current.items[0]?.txHash).toBe(mine.txHash);

    // Shown: the watch slows down again.
    const shownAt = history.polls;
    await settle(2 * WATCH_MS);
    expect(history.polls - shownAt).toBeLessThanOrEqual(3);
  });

  it("stops hurrying a minute after a confirmation the indexer never shows (an approval has no event)", async () => {
    const history = mockHistory({ [route]: [rows(10, 1)] });
    renderHook(() => useHistory(route, readActivity, { account: ALICE.toLowerCase() }));
    await settle();
    act(() => transactionLog.add(sentTransaction(400, { state: "confirmed", settledAt: Date.now() })));
    await settle(HURRY_FOR_MS / 2);
    expect(history.polls).toBeGreaterThanOrEqual(HURRY_FOR_MS / 2 / HURRY_MS);
    await settle(HURRY_FOR_MS / 2);
    const after = history.polls;
    await settle(4 * WATCH_MS);
    expect(history.polls - after).toBeLessThanOrEqual(5);
  });

  it("keeps watching as long as it is open, and shows what the indexer has three minutes on", async () => {
    const pages = { [route]: [rows(10, 1)] };
    mockHistory(pages);
    const { result } = renderHook(() => useHistory(route, readActivity));
    await settle();
    await settle(3 * 60_000);
    pages[route] = [rows(11, 2)];
    await settle(WATCH_MS);
    expect(blocks(result.current)[0]).toBe(11);
  });

  it("says unavailable when the indexer stops answering, keeping its rows, and reads again once it answers", async () => {
    const pages = { [route]: [rows(10, 1)] };
    mockHistory(pages);
    const { result } = renderHook(() => useHistory(route, readActivity));
    await settle();
    expect(result.current.status).toBe("ready");
    mockHistory("down");
    await settle(WATCH_MS);
    expect(result.current.status).toBe("unavailable");
    expect(result.current.items).toHaveLength(10);

    pages[route] = [rows(12, 3)];
    mockHistory(pages);
    await settle(WATCH_MS);
    expect(result.current.status).toBe("ready");
    expect(blocks(result.current)[0]).toBe(12);
  });

  it("reads on, a hundred rows at a time, when more rows came than its first page holds, so none is missing", async () => {
    const pages = { [route]: [rows(30, 21), rows(20, 11)] };
    const history = mockHistory(pages);
    const { result } = renderHook(() => useHistory(route, readActivity));
    await settle();
    // A buy of 50 fills: 40 new rows, four first pages' worth.
    pages[route] = [rows(70, 61), rows(60, 31), rows(30, 21), rows(20, 11)];
    await settle(WATCH_MS);
    expect(blocks(result.current)).toEqual(blocks({ items: rows(70, 21) }));
    expect(history.requests.slice(-3)).toEqual([`/history${route}`, `/history${route}?cursor=page-0&limit=100`, `/history${route}?cursor=page-1&limit=100`]);
    expect(result.current.hasMore).toBe(true);
  });

  it("asks nothing while the tab is hidden, and asks at once when it is shown again", async () => {
    const history = mockHistory({ [route]: [rows(10, 1)] });
    renderHook(() => useHistory(route, readActivity));
    await settle();
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    await settle(WATCH_MS);
    const hidden = history.polls;
    await settle(10 * WATCH_MS);
    expect(history.polls).toBe(hidden);
    visibility.mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    await settle();
    expect(history.polls).toBe(hidden + 1);
  });

  it("has the tab ask the indexer once a watch, however many lists are open", async () => {
    const history = mockHistory({ [route]: [rows(10, 1)], "/market/fills": [[]] });
    renderHook(() => [useHistory(route, readActivity), useHistory("/market/fills", readActivity), useHistory(`${route}?limit=5`, readActivity)]);
    await settle();
    const start = history.polls;
    await settle(5 * WATCH_MS);
    expect(history.polls - start).toBe(5);
  });

  it("asks nothing once closed", async () => {
    const history = mockHistory({ [route]: [rows(10, 1)] });
    const { unmount } = renderHook(() => useHistory(route, readActivity));
    await settle();
    unmount();
    const closed = history.polls;
    await settle(5 * WATCH_MS);
    expect(history.polls).toBe(closed);
  });
});
