import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import type { Message } from "@/i18n/message";

import { useAction, type ActionKind } from "./use-action";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => ([resolve, reject] = [done, fail]));
  return { promise, resolve, reject };
}

const FAILED: Message = { key: "errors:actionFailed" };

function kindWith(overrides: Partial<ActionKind<[number], string>> = {}): ActionKind<[number], string> {
  return {
    firstPhase: "wallet",
    perform: async (progress, value) => {
      progress("pending", "0xabc");
      return `done ${value}`;
    },
    describe: async () => FAILED,
    ...overrides,
  };
}

describe("the action state machine", () => {
  it("goes from its first phase to pending with the hash, then confirmed, and tells the result", async () => {
    const succeeded = vi.fn();
    const { result } = renderHook(() => useAction(kindWith({ succeeded })));
    expect(result.current.phase).toBe("idle");
    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.run(7);
    });
    expect(outcome).toBe("done 7");
    expect(result.current).toMatchObject({ phase: "confirmed", hash: "0xabc", busy: false });
    expect(succeeded).toHaveBeenCalledWith("done 7");
  });

  it("ignores a second run while one is in flight", async () => {
    const sent = deferred<string>();
    const perform = vi.fn(() => sent.promise);
    const { result } = renderHook(() => useAction(kindWith({ perform })));
    let first!: Promise<string | undefined>;
    act(() => {
      first = result.current.run(1);
    });
    expect(result.current).toMatchObject({ phase: "wallet", busy: true });
    let second: string | undefined = "not ignored";
    await act(async () => {
      second = await result.current.run(2);
    });
    expect(second).toBeUndefined();
    expect(perform).toHaveBeenCalledTimes(1);
    await act(async () => {
      sent.resolve("one");
      await first;
    });
    expect(result.current.phase).toBe("confirmed");
  });

  it("tells why it cannot start and stays idle, or fails with the reason when the kind does not tell it", async () => {
    const reason: Message = { key: "common:wallet.connectFirst" };
    const refused = vi.fn();
    const perform = vi.fn();
    const told = renderHook(() => useAction(kindWith({ blocked: () => reason, refused, perform })));
    await act(async () => {
      await told.result.current.run(1);
    });
    expect(refused).toHaveBeenCalledWith(reason);
    expect(told.result.current.phase).toBe("idle");

    const failed = renderHook(() => useAction(kindWith({ blocked: () => reason, perform })));
    await act(async () => {
      await failed.result.current.run(1);
    });
    expect(failed.result.current).toMatchObject({ phase: "failed", error: reason });
    expect(perform).not.toHaveBeenCalled();
  });

  it("is busy from the press, 'preparing', while the question before sending waits, and says how long it took", async () => {
    const asked = deferred<boolean>();
    const perform = vi.fn(async () => "sent");
    const said = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const { result } = renderHook(() => useAction(kindWith({ confirmFirst: () => asked.promise, perform })));
    let running!: Promise<string | undefined>;
    act(() => {
      running = result.current.run(1);
    });
    // Before anything answers (a chunk loading on a slow network, a node slow to say what it holds).
    expect(result.current).toMatchObject({ phase: "preparing", busy: true });
    let second: string | undefined = "not ignored";
    await act(async () => {
      second = await result.current.run(2);
    });
    expect(second).toBeUndefined();
    await act(async () => {
      asked.resolve(true);
      await running;
    });
    expect(perform).toHaveBeenCalledTimes(1);
    expect(result.current.phase).toBe("confirmed");
    expect(said.mock.calls.flat().join(" ")).toMatch(/^action: prepared in \d+ ms$/);
    said.mockRestore();
  });

  it("goes back to idle when the user chooses not to go on, or when the wallet moved while asking", async () => {
    const perform = vi.fn(async () => "sent");
    const declined = renderHook(() => useAction(kindWith({ confirmFirst: async () => false, perform })));
    await act(async () => {
      await declined.result.current.run(1);
    });
    expect(declined.result.current).toMatchObject({ phase: "idle", busy: false });

    let blocked: Message | undefined;
    const refused = vi.fn();
    const moved = renderHook(() =>
      useAction(
        kindWith({
          blocked: () => blocked,
          refused,
          confirmFirst: async () => {
            blocked = { key: "common:wallet.wrongNetwork" };
            return true;
          },
          perform,
        }),
      ),
    );
    await act(async () => {
      await moved.result.current.run(1);
    });
    expect(moved.result.current).toMatchObject({ phase: "idle", busy: false });
    expect(refused).toHaveBeenCalledWith({ key: "common:wallet.wrongNetwork" });
    expect(perform).not.toHaveBeenCalled();
  });

  it("fails with the kind's message, keeping the hash of a transaction that was sent", async () => {
    const failed = vi.fn();
    const perform: ActionKind<[number], string>["perform"] = async (progress) => {
      progress("pending", "0xdef");
      throw new Error("reverted");
    };
    const { result } = renderHook(() => useAction(kindWith({ perform, failed })));
    await act(async () => {
      await result.current.run(1);
    });
    expect(result.current).toMatchObject({ phase: "failed", hash: "0xdef", error: FAILED, busy: false });
    expect(failed).toHaveBeenCalledWith(expect.any(Error), FAILED);
  });

  it("never stays busy when putting a failure in words fails too", async () => {
    const { result } = renderHook(() =>
      useAction(
        kindWith({
          perform: async () => Promise.reject(new Error("reverted")),
          describe: async () => Promise.reject(new Error("the messages did not load")),
          failed: () => {
            throw new Error("the pop-up broke");
          },
        }),
      ),
    );
    await act(async () => {
      await result.current.run(1);
    });
    expect(result.current).toMatchObject({ phase: "failed", error: { key: "errors:unknown" }, busy: false });
    // And it can be tried again.
    await act(async () => {
      await result.current.run(1);
    });
    expect(result.current.phase).toBe("failed");
  });

  it("drops an answer that came too late to matter, and runs with the latest render's kind", async () => {
    let wanted = true;
    const succeeded = vi.fn();
    const { result, rerender } = renderHook(({ value }: { value: string }) => useAction(kindWith({ perform: async () => value, stillWanted: () => wanted, succeeded })), {
      initialProps: { value: "first" },
    });
    rerender({ value: "second" });
    let outcome: string | undefined;
    await act(async () => {
      outcome = await result.current.run(1);
    });
    expect(outcome).toBe("second");
    wanted = false;
    await act(async () => {
      outcome = await result.current.run(1);
    });
    expect(outcome).toBeUndefined();
    expect(result.current.phase).toBe("idle");
    expect(succeeded).toHaveBeenCalledTimes(1);
  });
});
