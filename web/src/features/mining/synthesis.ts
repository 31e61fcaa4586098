/**
 * Synthesis as one spending action (lib/spending/spending-action.ts): the hashrate typed, what it
 * costs and the most the user agrees to pay, and the member's conditions. Main enforces the same
 * rules; these only save the user a failed transaction.
 */
import type { SynthesisToken } from "@product";

import type { Message } from "@/i18n/message";
import { atMost } from "@/lib/contracts/tolerance";
import { parseWhole, unreadableNumber } from "@/lib/format/parse";
import { FIGURES_LOADING, type Parsed, type SpendingAction } from "@/lib/spending/spending-action";

import { synthesisCost } from "./synthesis-cost";
import { groupDigits } from "@/lib/format/format";


/** A token's synthesis rule as Main holds it: the multiple, the lowest hashrate, the token's USD
 *  price, and the largest hashrate one synthesis takes. */
export interface Rule {
  multiple: bigint;
  minimum: bigint;
  price: bigint;
  maxHashrate: bigint;
}

/** What the synthesis page has read; undefined until read. */
export interface SynthesisFacts {
  token: SynthesisToken;
  rule: Rule | undefined;
  registered: boolean | undefined;
  /** The member's claims wait on out-records to be processed first (Revenue's backlog). */
  outBacklog: boolean | undefined;
  /** The user's price tolerance, in basis points (lib/contracts/tolerance.ts). */
  toleranceBps: number;
}

/**
 * The hashrate typed, or the product's message (docs/product/messages.md §3) for why it cannot be synthesised: anything but digits
 * ("1,000", "1 000", "+100", "1.000", "1e3": "Digits only"; the multiple message would be wrong for
 * "+100", a multiple of 100), not a multiple (0 included: no multiple of anything synthesises),
 * below the lowest, above the largest. (The balance is checked after this.)
 */
export function checkHashrate(text: string, rule: Rule): Parsed<bigint> {
  const parsed = parseWhole(text);
  const multiple = Number(rule.multiple);
  const notAMultiple: Message = { key: "errors:multipleRequired", params: { multiple } };
  if (!parsed.ok) return { problem: unreadableNumber(parsed.reason, { empty: { key: "errors:enterMultiple", params: { multiple } }, invalid: { key: "errors:digitsOnly" } }) };
  const hashrate = parsed.value;
  if (hashrate === 0n) return { problem: notAMultiple };
  if (hashrate < rule.minimum) return { problem: { key: "errors:enterMultiple", params: { multiple } } };
  if (hashrate % rule.multiple !== 0n) return { problem: notAMultiple };
  if (hashrate > rule.maxHashrate) return { problem: { key: "errors:hashrateTooLarge", params: { max: groupDigits(rule.maxHashrate) } } };
  return { value: hashrate };
}

/** synthesize(token, hashrate, maxCost): the cost shown, and at most that plus the user's tolerance,
 *  which is also what is authorised, so a price step while the wallet is open cannot fail on the allowance. */
export const synthesis: SpendingAction<SynthesisFacts, bigint, [hashrate: bigint, maxCost: bigint]> = {
  // Until the rule is read nothing can be checked (the buttons wait for it too).
  parse: (text, { rule }) => (rule ? checkHashrate(text, rule) : { problem: FIGURES_LOADING }),
  quote: (hashrate, { token, rule, toleranceBps }) => {
    if (!rule) return undefined;
    const cost = synthesisCost(hashrate, rule.price);
    const maxCost = atMost(cost, toleranceBps);
    return { spends: { token, amount: cost, mayTake: maxCost }, args: [hashrate, maxCost] };
  },
  precheck: ({ registered, outBacklog }) =>
    registered === false ? { key: "errors:notRegistered" } : outBacklog ? { key: "errors:outBacklog" } : undefined,
};
