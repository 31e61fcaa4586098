import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { READ_NOTICE_MS, createReadNotice } from "./read-notice";
import { POOL_DEFAULTS, REQUEST_TIMEOUT_MS } from "./rpc-pool";

/** A read the test answers when it likes. */
function pending<T>() {
  let answer!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const read = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { read, answer, fail };
}

describe("a read that goes unanswered", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is told once it has waited READ_NOTICE_MS, and goes on", async () => {
    const silent = vi.fn();
    const watched = createReadNotice(silent);
    const hung = pending<string>();
    const read = watched(hung.read);
    await vi.advanceTimersByTimeAsync(READ_NOTICE_MS - 1);
    expect(silent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(silent).toHaveBeenCalledTimes(1);
    hung.answer("late");
    await expect(read).resolves.toBe("late");
  });

  it("is not told when answered, or failed (said otherwise), in time", async () => {
    const silent = vi.fn();
    const watched = createReadNotice(silent);
    await expect(watched(Promise.resolve(1))).resolves.toBe(1);
    await expect(watched(Promise.reject(new Error("reverted")))).rejects.toThrow("reverted");
    await vi.advanceTimersByTimeAsync(READ_NOTICE_MS * 2);
    expect(silent).not.toHaveBeenCalled();
  });

  it("is not told when a read sent after it was answered in the meantime: the node is back", async () => {
    const silent = vi.fn();
    const watched = createReadNotice(silent);
    void watched(pending<number>().read);
    await vi.advanceTimersByTimeAsync(READ_NOTICE_MS / 2);
    await watched(Promise.resolve(2));
    await vi.advanceTimersByTimeAsync(READ_NOTICE_MS);
    expect(silent).not.toHaveBeenCalled();
    // Reads sent after that answer are watched afresh.
    void watched(pending<number>().read);
    await vi.advanceTimersByTimeAsync(READ_NOTICE_MS);
    expect(silent).toHaveBeenCalledTimes(1);
  });

  it("is told after the pool has had time to fail over to another endpoint, and long before the request gives up", () => {
    expect(READ_NOTICE_MS).toBeGreaterThan(POOL_DEFAULTS.stallTimeoutMs);
    expect(READ_NOTICE_MS).toBeLessThanOrEqual(5_000);
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
  });
});
