import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import type { SpendingAction } from "./spending-action";
import { useSpendingFlow, useTypedText } from "./use-spending-flow";

/** A small action: a whole number of at most 100, spending that many of USDT, only for a member. */
interface Facts {
  member: boolean | undefined;
}
const action: SpendingAction<Facts, bigint, [amount: bigint]> = {
  parse: (text) => (/^\d+$/.test(text) && BigInt(text) <= 100n ? { value: BigInt(text) } : { problem: { key: "errors:digitsOnly" } }),
  quote: (amount) => ({ spends: { token: "USDT", amount, mayTake: amount }, args: [amount] }),
  precheck: ({ member }) => (member === false ? { key: "errors:notRegistered" } : undefined),
};

function render(facts: Facts, balance = 50n) {
  let renders = 0;
  const hook = renderHook((props: Facts) => {
    renders += 1;
    return useSpendingFlow(action, props, { holdings: { balance } });
  }, { initialProps: facts });
  return { ...hook, renders: () => renders };
}

describe("useSpendingFlow", () => {
  it("says nothing under an untouched field until a press, then the prompt", () => {
    const { result } = render({ member: true });
    expect(result.current.field.error).toBeUndefined();
    act(() => {
      expect(result.current.press(false)).toBeUndefined();
    });
    expect(result.current.field.error).toBe("Digits only, please: no commas, spaces or other signs.");
  });

  it("gives the quote to act on when every check passes", () => {
    const { result } = render({ member: true });
    act(() => result.current.field.setText("40"));
    let pressed: unknown;
    act(() => {
      pressed = result.current.press(true);
    });
    expect(pressed).toEqual({ spends: { token: "USDT", amount: 40n, mayTake: 40n }, args: [40n] });
    expect(result.current.refusal).toBeUndefined();
  });

  it("refuses the balance under the field, and sends nothing", () => {
    const { result } = render({ member: true });
    act(() => result.current.field.setText("60"));
    expect(result.current.field.error).toBe("USDT not enough");
    act(() => {
      expect(result.current.press(true)).toBeUndefined();
    });
    expect(result.current.refusal).toBeUndefined();
  });

  it("drops a refusal in the very render its reason goes, with no render of its own", () => {
    const { result, rerender, renders } = render({ member: false });
    act(() => result.current.field.setText("40"));
    act(() => {
      expect(result.current.press(true)).toBeUndefined();
    });
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

  it("asks the Confirm gate only on Confirm, after the action's own reasons", () => {
    const gate = { key: "errors:authorizeFirst" } as const;
    const { result, rerender } = renderHook((props: Facts) => useSpendingFlow(action, props, { confirmGate: () => gate }), { initialProps: { member: true } });
    act(() => result.current.field.setText("40"));
    act(() => {
      expect(result.current.press(false)).toBeDefined();
    });
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
});
