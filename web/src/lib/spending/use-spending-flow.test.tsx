import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { useChainStatus } from "@/lib/contracts/chain-status";

import type { Holdings, Quote, SpendingAction } from "./spending-action";
import { PRESS_WAIT_MS, useSpendingFlow, useTypedText } from "./use-spending-flow";

/** A small action: a whole number of at most 100, spending that many of USDT, only for a member.
 *  With `priced`, its quote waits for a price (undefined until read), as the buy quote does. */
interface Facts {
  member: boolean | undefined;
  priced?: { price: bigint | undefined };
}
const action: SpendingAction<Facts, bigint, [amount: bigint]> = {
  parse: (text) => (/^\d+$/.test(text) && BigInt(text) <= 100n ? { value: BigInt(text) } : { problem: { key: "errors:digitsOnly" } }),
  quote: (amount, { priced }) => {
    if (!priced) return { spends: { token: "USDT", amount, mayTake: amount }, args: [amount] };
    return priced.price === undefined ? undefined : { spends: { token: "USDT", amount: amount * priced.price, mayTake: amount * priced.price }, args: [amount] };
  },
  precheck: ({ member }) => (member === false ? { key: "errors:notRegistered" } : undefined),
};

/** Lets the timers the flow set run (a waiting press is settled from one). */
const settleTimers = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));

/** Presses, and gives what the press settled on (or "waiting" while it has not). */
async function pressNow(press: (withGate: boolean) => Promise<Quote<[bigint]> | undefined>, withGate: boolean) {
  let outcome: Quote<[bigint]> | undefined | "waiting" = "waiting";
  await act(async () => {
    void press(withGate).then((quote) => (outcome = quote));
    await Promise.resolve();
  });
  return () => outcome;
}

function render(facts: Facts, balance = 50n) {
  let renders = 0;
  const hook = renderHook((props: Facts) => {
    renders += 1;
    return useSpendingFlow(action, props, { holdings: { balance } });
  }, { initialProps: facts });
  return { ...hook, renders: () => renders };
}

describe("useSpendingFlow", () => {
  it("says nothing under an untouched field until a press, then the prompt", async () => {
    const { result } = render({ member: true });
    expect(result.current.field.error).toBeUndefined();
    const outcome = await pressNow(result.current.press, false);
    expect(outcome()).toBeUndefined();
    expect(result.current.field.error).toBe("Digits only, please: no commas, spaces or other signs.");
  });

  it("gives the quote to act on when every check passes", async () => {
    const { result } = render({ member: true });
    act(() => result.current.field.setText("40"));
    const pressed = await pressNow(result.current.press, true);
    expect(pressed()).toEqual({ spends: { token: "USDT", amount: 40n, mayTake: 40n }, args: [40n] });
    expect(result.current.refusal).toBeUndefined();
  });

  it("refuses the balance under the field, and sends nothing", async () => {
    const { result } = render({ member: true });
    act(() => result.current.field.setText("60"));
    expect(result.current.field.error).toBe("USDT not enough");
    expect((await pressNow(result.current.press, true))()).toBeUndefined();
    expect(result.current.refusal).toBeUndefined();
  });

  it("drops a refusal in the very render its reason goes, with no render of its own", async () => {
    const { result, rerender, renders } = render({ member: false });
    act(() => result.current.field.setText("40"));
    expect((await pressNow(result.current.press, true))()).toBeUndefined();
    expect(result.current.refusal).toEqual({ key: "errors:notRegistered" });
    const before = renders();
    rerender({ member: true });
    expect(result.current.refusal).toBeUndefined();
    expect(renders()).toBe(before + 1);
  });

  it("drops a refusal when the text changes, and brings no stale one back with the old text", () => {
    const { result } = render({ member: false });
    act(() => result.current.field.setText("40"));
    act(() => void result.current.press(true));
    expect(result.current.refusal).toEqual({ key: "errors:notRegistered" });
    act(() => result.current.field.setText("41"));
    expect(result.current.refusal).toBeUndefined();
    act(() => result.current.field.setText("40"));
    expect(result.current.refusal).toBeUndefined();
  });

  it("asks the Confirm gate only on Confirm, after the action's own reasons", async () => {
    const gate = { key: "errors:authorizeFirst" } as const;
    const { result, rerender } = renderHook((props: Facts) => useSpendingFlow(action, props, { confirmGate: () => gate }), { initialProps: { member: true } });
    act(() => result.current.field.setText("40"));
    let pressed: Promise<unknown> | undefined;
    act(() => {
      pressed = result.current.press(false);
    });
    await expect(pressed).resolves.toBeDefined();
    expect(result.current.refusal).toBeUndefined();
    act(() => void result.current.press(true));
    expect(result.current.refusal).toEqual(gate);
    rerender({ member: false });
    act(() => void result.current.press(true));
    expect(result.current.refusal).toEqual({ key: "errors:notRegistered" });
  });

  it("says nothing under a field of spaces until a press, as under an empty one", () => {
    const { result } = render({ member: true });
    act(() => result.current.field.setText("   "));
    expect(result.current.field.error).toBeUndefined();
    act(() => void result.current.press(false));
    expect(result.current.field.error).toBe("Digits only, please: no commas, spaces or other signs.");
  });

  it("drops a refusal when the page that keeps the text changes it", () => {
    const { result } = renderHook(
      (props: Facts) => {
        const typed = useTypedText();
        return { typed, flow: useSpendingFlow(action, props, { typed }) };
      },
      { initialProps: { member: false } },
    );
    act(() => result.current.typed.setText("40"));
    act(() => void result.current.flow.press(true));
    expect(result.current.flow.refusal).toEqual({ key: "errors:notRegistered" });
    act(() => result.current.typed.setText("41"));
    expect(result.current.flow.refusal).toBeUndefined();
  });

  it("clears the text, the press and the refusal, so an empty field says nothing again", () => {
    const { result } = render({ member: false });
    act(() => result.current.field.setText("40"));
    act(() => void result.current.press(true));
    expect(result.current.refusal).toEqual({ key: "errors:notRegistered" });
    act(() => result.current.clear());
    expect(result.current.field.text).toBe("");
    expect(result.current.field.error).toBeUndefined();
    expect(result.current.refusal).toBeUndefined();
  });

  it("hands a Field its text, its changes and the problem under it", () => {
    const { result } = render({ member: true });
    act(() => result.current.field.inputProps.onChange("60"));
    expect(result.current.field.inputProps).toEqual({ value: "60", onChange: expect.any(Function), error: "USDT not enough" });
    expect(result.current.field.value).toBe(60n);
  });

  describe("a press while figures it needs are being read", () => {
    afterEach(() => vi.useRealTimers());

    const pricedFlow = (price: bigint | undefined, holdings: Holdings = { balance: 10_000n }) =>
      renderHook((props: { price: bigint | undefined; holdings: Holdings }) => useSpendingFlow(action, { member: true, priced: { price: props.price } }, { holdings: props.holdings }), {
        initialProps: { price, holdings },
      });

    it("waits for the quote, preparing, then gives it as if pressed then: no refusal for the lag", async () => {
      const { result, rerender } = pricedFlow(undefined);
      act(() => result.current.field.setText("40"));
      const outcome = await pressNow(result.current.press, false);
      expect(outcome()).toBe("waiting");
      expect(result.current.preparing).toEqual({ withGate: false });
      expect(result.current.refusal).toBeUndefined();
      act(() => {
        rerender({ price: 2n, holdings: { balance: 10_000n } });
      });
      await settleTimers();
      expect(outcome()).toEqual({ spends: { token: "USDT", amount: 80n, mayTake: 80n }, args: [40n] });
      expect(result.current.preparing).toBeUndefined();
      expect(result.current.refusal).toBeUndefined();
    });

    it("is judged on the figures that came: a quote over the balance is refused under the field, and nothing is given", async () => {
      const { result, rerender } = pricedFlow(undefined, { balance: 50n });
      act(() => result.current.field.setText("40"));
      const outcome = await pressNow(result.current.press, false);
      act(() => {
        rerender({ price: 2n, holdings: { balance: 50n } });
      });
      await settleTimers();
      expect(outcome()).toBeUndefined();
      expect(result.current.field.error).toBe("USDT not enough");
    });

    it("is dropped when the text changes while it waits: the new amount was never pressed", async () => {
      const { result, rerender } = pricedFlow(undefined);
      act(() => result.current.field.setText("40"));
      const outcome = await pressNow(result.current.press, false);
      act(() => {
        result.current.field.setText("41");
      });
      await settleTimers();
      expect(outcome()).toBeUndefined();
      expect(result.current.preparing).toBeUndefined();
      rerender({ price: 2n, holdings: { balance: 10_000n } });
      expect(result.current.refusal).toBeUndefined();
    });

    it("says the figures are still being read when they do not come within the wait, and gives nothing", async () => {
      vi.useFakeTimers();
      const { result } = pricedFlow(undefined);
      act(() => result.current.field.setText("40"));
      const outcome = await pressNow(result.current.press, false);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PRESS_WAIT_MS - 1);
      });
      expect(outcome()).toBe("waiting");
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(outcome()).toBeUndefined();
      expect(result.current.preparing).toBeUndefined();
      expect(result.current.refusal).toEqual({ key: "common:loading.figures" });
    });

    /** A flow whose holdings are read again (`reading`), Confirm gated on the allowance. */
    const refreshingFlow = () => {
      const gate = (allowance: bigint | undefined) => (allowance !== undefined && allowance >= 40n ? undefined : ({ key: "errors:authorizeFirst" } as const));
      return renderHook(
        ({ holdings, reading }: { holdings: Holdings; reading: boolean }) =>
          useSpendingFlow(action, { member: true }, { holdings, reading, confirmGate: () => gate(holdings.allowance) }),
        { initialProps: { holdings: { balance: 100n, allowance: 0n }, reading: true } },
      );
    };

    it("waits for an allowance read again after a confirmed authorisation, and Confirm goes ahead on it", async () => {
      const { result, rerender } = refreshingFlow();
      act(() => result.current.field.setText("40"));
      const outcome = await pressNow(result.current.press, true);
      expect(result.current.preparing).toEqual({ withGate: true });
      act(() => {
        rerender({ holdings: { balance: 100n, allowance: 40n }, reading: false });
      });
      await settleTimers();
      expect(outcome()).toEqual({ spends: { token: "USDT", amount: 40n, mayTake: 40n }, args: [40n] });
      expect(result.current.refusal).toBeUndefined();
    });

    it("says the figures are still being read when the new allowance does not come: not 'Please authorize first.' on the old one", async () => {
      vi.useFakeTimers();
      const { result } = refreshingFlow();
      act(() => result.current.field.setText("40"));
      const outcome = await pressNow(result.current.press, true);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PRESS_WAIT_MS);
      });
      expect(outcome()).toBeUndefined();
      expect(result.current.refusal).toEqual({ key: "common:loading.figures" });
    });

    it("says at once that the figures are being read while the node is known to be down: no wait, and not judged on the old allowance", async () => {
      useChainStatus.getState().setNetworkOk(false);
      try {
        const { result } = refreshingFlow();
        act(() => result.current.field.setText("40"));
        const outcome = await pressNow(result.current.press, true);
        expect(outcome()).toBeUndefined();
        expect(result.current.preparing).toBeUndefined();
        expect(result.current.refusal).toEqual({ key: "common:loading.figures" });
      } finally {
        useChainStatus.getState().setNetworkOk(true);
      }
    });

    it("settles a waiting press when the node is found down meanwhile, with the same words", async () => {
      try {
        const { result } = refreshingFlow();
        act(() => result.current.field.setText("40"));
        const outcome = await pressNow(result.current.press, true);
        expect(result.current.preparing).toEqual({ withGate: true });
        act(() => useChainStatus.getState().setNetworkOk(false));
        await settleTimers();
        expect(outcome()).toBeUndefined();
        expect(result.current.refusal).toEqual({ key: "common:loading.figures" });
      } finally {
        useChainStatus.getState().setNetworkOk(true);
      }
    });

    it("does not bring 'Reading the figures' back once they came, when they are read again later", async () => {
      vi.useFakeTimers();
      const { result, rerender } = refreshingFlow();
      act(() => result.current.field.setText("40"));
      await pressNow(result.current.press, true);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PRESS_WAIT_MS);
      });
      expect(result.current.refusal).toEqual({ key: "common:loading.figures" });
      act(() => rerender({ holdings: { balance: 100n, allowance: 40n }, reading: false }));
      expect(result.current.refusal).toBeUndefined();
      // Another transaction of the user's: read again, with no press since.
      act(() => rerender({ holdings: { balance: 100n, allowance: 40n }, reading: true }));
      expect(result.current.refusal).toBeUndefined();
    });
  });
});
