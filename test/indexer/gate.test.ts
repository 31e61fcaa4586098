/**
 * The API's fair shares between clients (indexer/src/api/gate.ts): a client runs at most its share
 * of requests at once and waits in its own line for the rest, so another client never waits
 * behind it; a request whose client leaves while waiting leaves the line; past the line's length,
 * a request is refused at once.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

import { API_GATE, Gate, TooManyRequests } from "../../indexer/src/api/gate";

const open = () => new AbortController().signal;
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

/** With fake timers: the request whose start `started` tells has not started 1 ms before `ms` from
 *  now (its rest not over), and has at `ms`. */
async function expectStartsAt(ms: number, started: () => boolean): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(started()).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(started()).toBe(true);
}

describe("the API's gate", () => {
  it("runs a client's requests two at a time, in order, while another client's start at once", async () => {
    const gate = new Gate({ concurrency: 2, maxWaiting: 10, rest: 0, maxRestMs: 100 });
    const first = await gate.enter("heavy", open());
    const second = await gate.enter("heavy", open());
    const third = gate.enter("heavy", open());
    const fourth = gate.enter("heavy", open());
    expect(await settled(third)).toBe(false);
    // Another client is not behind the heavy one's line.
    const other = await gate.enter("light", open());
    other();
    first();
    expect(await settled(third)).toBe(true);
    expect(await settled(fourth)).toBe(false);
    second();
    expect(await settled(fourth)).toBe(true);
    (await third)();
    (await fourth)();
    expect(gate.clients).toBe(0);
  });

  it("drops a waiting request whose client left, and refuses one past the line's length", async () => {
    const gate = new Gate({ concurrency: 1, maxWaiting: 1, rest: 0, maxRestMs: 100 });
    const running = await gate.enter("a", open());
    const leaving = new AbortController();
    const left = gate.enter("a", leaving.signal);
    await expect(gate.enter("a", open())).rejects.toBeInstanceOf(TooManyRequests);
    leaving.abort();
    await expect(left).rejects.toBeDefined();
    const next = gate.enter("a", open());
    running();
    (await next)();
    expect(gate.clients).toBe(0);
  });

  describe("with a rest", () => {
    afterEach(() => vi.useRealTimers());

    it("starts a client's waiting request only after a pause as long as its last one took, and none when nothing waits", async () => {
      vi.useFakeTimers();
      const gate = new Gate({ concurrency: 1, maxWaiting: 10, rest: 1, maxRestMs: 100 });
      // Another client with a request under way: the heavy one's rest gives it the time.
      const bystander = await gate.enter("bystander", open());
      const first = await gate.enter("heavy", open());
      let secondStarted = false;
      const second = gate.enter("heavy", open()).then((end) => ((secondStarted = true), end));
      vi.advanceTimersByTime(40); // the first takes 40 ms
      first();
      await vi.advanceTimersByTimeAsync(39);
      expect(secondStarted).toBe(false);
      // Another client is not held by the heavy one's rest.
      const other = await gate.enter("light", open());
      other();
      await vi.advanceTimersByTimeAsync(1);
      expect(secondStarted).toBe(true);
      const end = await second;
      // Nothing waits: the next one starts at once.
      vi.advanceTimersByTime(40);
      end();
      (await gate.enter("heavy", open()))();
      bystander();
      expect(gate.clients).toBe(0);
    });

    it("rests longer the more a client keeps waiting: with k waiting, k times as long as its last request took", async () => {
      vi.useFakeTimers();
      const gate = new Gate({ concurrency: 1, maxWaiting: 10, rest: 1, maxRestMs: 100 });
      const bystander = await gate.enter("bystander", open());
      const first = await gate.enter("flood", open());
      const started: number[] = [];
      const waiting = [1, 2, 3].map((n) => gate.enter("flood", open()).then((end) => (started.push(n), end)));
      vi.advanceTimersByTime(10); // the first takes 10 ms, with three waiting
      first();
      await vi.advanceTimersByTimeAsync(29);
      expect(started).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toEqual([1]);
      const second = await waiting[0]!;
      vi.advanceTimersByTime(10); // 10 ms again, two waiting now
      second();
      await vi.advanceTimersByTimeAsync(19);
      expect(started).toEqual([1]);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toEqual([1, 2]);
      (await waiting[1]!)(); // at once: 0 ms taken, no rest however many wait
      await vi.advanceTimersByTimeAsync(0);
      expect(started).toEqual([1, 2, 3]);
      (await waiting[2]!)();
      bystander();
      expect(gate.clients).toBe(0);
    });

    it("rests for nobody: a client alone (all the users a proxy does not name) runs its requests one after another", async () => {
      vi.useFakeTimers();
      const gate = new Gate({ concurrency: 1, maxWaiting: 10, rest: 1, maxRestMs: 100 });
      const first = await gate.enter("proxy", open());
      let secondStarted = false;
      const second = gate.enter("proxy", open()).then((end) => ((secondStarted = true), end));
      const third = gate.enter("proxy", open());
      vi.advanceTimersByTime(40);
      first();
      await vi.advanceTimersByTimeAsync(0);
      expect(secondStarted).toBe(true);
      (await second)();
      (await third)();
      expect(gate.clients).toBe(0);
    });

    it("rests for a client between two requests: one whose line ended within the last second", async () => {
      vi.useFakeTimers();
      const gate = new Gate({ concurrency: 1, maxWaiting: 10, rest: 1, maxRestMs: 100 });
      const first = await gate.enter("flood", open());
      let nextStarted = false;
      const next = gate.enter("flood", open()).then((end) => ((nextStarted = true), end));
      (await gate.enter("reader", open()))(); // the reader's line ends: it is between two requests
      vi.advanceTimersByTime(30);
      first();
      await expectStartsAt(30, () => nextStarted);
      // A second later the reader is gone: the flood runs on without rest.
      const second = await next;
      const after = gate.enter("flood", open());
      vi.advanceTimersByTime(1_000);
      second();
      expect(await Promise.race([after.then(() => "started"), vi.advanceTimersByTimeAsync(0).then(() => "waiting")])).toBe("started");
      (await after)();
      expect(gate.clients).toBe(0);
    });

    it("never rests longer than maxRestMs, however slow the last request and long the line", async () => {
      vi.useFakeTimers();
      const gate = new Gate({ concurrency: 1, maxWaiting: 10, rest: 1, maxRestMs: 100 });
      const bystander = await gate.enter("bystander", open());
      const first = await gate.enter("flood", open());
      let nextStarted = false;
      const waiting = [1, 2, 3].map(() => gate.enter("flood", open()));
      void waiting[0]!.then(() => (nextStarted = true));
      vi.advanceTimersByTime(4_000); // a slow server: 4 s, with three waiting (12 s of rest uncapped)
      first();
      await expectStartsAt(100, () => nextStarted);
      bystander();
      for (const request of waiting) (await request)();
      expect(gate.clients).toBe(0);
    });

    it("with the API's settings, rests twice the last request for each one waiting, up to 250 ms: a flood of k holds at most 1/(2k+1)", async () => {
      vi.useFakeTimers();
      const gate = new Gate({ concurrency: 1, ...API_GATE });
      const bystander = await gate.enter("bystander", open());
      const first = await gate.enter("flood", open());
      const waiting = Array.from({ length: 15 }, () => gate.enter("flood", open()));
      let nextStarted = false;
      void waiting[0]!.then(() => (nextStarted = true));
      vi.advanceTimersByTime(8); // a page of orders, with 15 waiting: 2 × 15 × 8 = 240 ms of rest
      first();
      await expectStartsAt(240, () => nextStarted);
      // 8 ms of every 248: about 3% of the time, under the 5% another client's p95 would see.
      // A slower request meets the cap: 20 ms with 14 waiting would be 560 ms, and is 250.
      const second = await waiting[0]!;
      let thirdStarted = false;
      void waiting[1]!.then(() => (thirdStarted = true));
      vi.advanceTimersByTime(20);
      second();
      await expectStartsAt(250, () => thirdStarted);
      // And 20 may wait (13 of the first 15 still do): one more is refused at once.
      const more = Array.from({ length: API_GATE.maxWaiting - 13 }, () => gate.enter("flood", open()));
      await expect(gate.enter("flood", open())).rejects.toBeInstanceOf(TooManyRequests);
      bystander();
      for (const request of [...waiting.slice(1), ...more]) (await request)();
      expect(gate.clients).toBe(0);
    });

    it("drops a request that leaves during the rest, and hands the place to the one after it", async () => {
      vi.useFakeTimers();
      const gate = new Gate({ concurrency: 1, maxWaiting: 10, rest: 1, maxRestMs: 100 });
      const bystander = await gate.enter("bystander", open());
      const first = await gate.enter("a", open());
      const leaving = new AbortController();
      const left = gate.enter("a", leaving.signal);
      const after = gate.enter("a", open());
      vi.advanceTimersByTime(10);
      first(); // 10 ms with two waiting: a rest of 20 ms
      leaving.abort();
      await expect(left).rejects.toBeDefined();
      let afterStarted = false;
      void after.then(() => (afterStarted = true));
      await expectStartsAt(20, () => afterStarted);
      (await after)();
      bystander();
      expect(gate.clients).toBe(0);
    });
  });
});
