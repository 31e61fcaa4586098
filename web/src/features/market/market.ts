/**
 * The rules of listing and buying MV as the screen checks them before anything is sent. MvMarket
 * enforces the same ones; these only save the user a failed transaction. (The balance is checked
 * after these, by the approve-then-act flow.)
 */
import { formatAmount } from "@/components/format";
import { parseAmount, unreadableNumber } from "@/components/parse";
import type { ErrorKey, Message } from "@/i18n/message";

type Checked = { value: bigint } | { problem: Message };

/** An amount typed: the prompt when empty, "Digits only" for grouped digits, the product's message (docs/product/messages.md §3) when it is not a positive amount. */
function checkAmount(text: string, emptyKey: ErrorKey): Checked {
  const parsed = parseAmount(text);
  if (!parsed.ok) return { problem: unreadableNumber(parsed.reason, { empty: { key: emptyKey }, invalid: { key: "errors:invalidAmountMv" } }) };
  if (parsed.value === 0n) return { problem: { key: "errors:invalidAmountMv" } };
  return { value: parsed.value };
}

/** MV to list: an amount, at least the market's smallest order (`minimum`, once read). */
export function checkListAmount(text: string, minimum: bigint | undefined): Checked {
  const checked = checkAmount(text, "errors:enterAmount");
  if ("value" in checked && minimum !== undefined && checked.value < minimum) {
    return { problem: { key: "errors:belowMinimum", params: { minimum: formatAmount(minimum) } } };
  }
  return checked;
}

/** USDT to buy MV with. */
export function checkBuyAmount(text: string): Checked {
  return checkAmount(text, "errors:enterUsdt");
}
