/**
 * Listing and buying MV as spending actions (lib/spending/spending-action.ts). MvMarket enforces
 * the same rules; these only save the user a failed transaction.
 */
import type { ErrorKey } from "@/i18n/message";
import { atLeast } from "@/lib/contracts/tolerance";
import { formatAmount } from "@/lib/format/format";
import { parseAmount, unreadableNumber } from "@/lib/format/parse";
import type { Parsed, SpendingAction } from "@/lib/spending/spending-action";

type Checked = Parsed<bigint>;

/**
 * An amount typed: the prompt when empty, "Digits only" for grouped digits, else a valid amount
 * greater than zero. The market has no daily maximum, so its forms never say the exchange pages'
 * "exceeds maximum exchangeable" (docs/product/messages.md §3).
 */
function checkAmount(text: string, emptyKey: ErrorKey): Checked {
  const parsed = parseAmount(text);
  if (!parsed.ok) return { problem: unreadableNumber(parsed.reason, { empty: { key: emptyKey }, invalid: { key: "errors:invalidAmount" } }) };
  if (parsed.value === 0n) return { problem: { key: "errors:amountAboveZero" } };
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

/** list(amount): the market holds the MV until it sells or the seller withdraws it. */
export const listing: SpendingAction<{ minOrder: bigint | undefined }, bigint, [amount: bigint]> = {
  parse: (text, { minOrder }) => checkListAmount(text, minOrder),
  quote: (amount) => ({ spends: { token: "MV", amount, mayTake: amount }, args: [amount] }),
};

/** What the buy form has read: what is for sale, and the contract's quote for the amount typed. */
export interface BuyFacts {
  forSale: bigint | undefined;
  /** MvMarket.quoteBuy of the amount typed: the MV it fills and the USDT that takes (read once the
   *  amount is usable). */
  quote: { mvAmount: bigint; usdtSpent: bigint } | undefined;
  /** The user's price tolerance, in basis points (lib/contracts/tolerance.ts). */
  toleranceBps: number;
}

/**
 * buy(usdtIn, minMvOut): the least MV the buyer agrees to is the contract's quote less the user's
 * tolerance. It costs what the quote spends (all the balance must hold: MvMarket asks for no more);
 * it may take up to the amount typed (what is authorised), if orders listed meanwhile fill more.
 */
export const buying: SpendingAction<BuyFacts, bigint, [usdtIn: bigint, minMvOut: bigint]> = {
  parse: (text) => checkBuyAmount(text),
  quote: (usdtIn, { quote, toleranceBps }) =>
    quote && { spends: { token: "USDT", amount: quote.usdtSpent, mayTake: usdtIn }, args: [usdtIn, atLeast(quote.mvAmount, toleranceBps)] },
  precheck: ({ forSale }) => (forSale === 0n ? { key: "errors:nothingForSale" } : undefined),
};
