/**
 * A spending action as one plain module (no React): what the user typed, to what the transaction
 * will do, to why it may not go ahead. Every action that moves the user's money has one, in its
 * feature (features/mining/synthesis.ts, features/exchange/exchange.ts, features/market/market.ts,
 * features/earnings/claim.ts, features/links/settler.ts, ...), with unit tests beside it; the page
 * reads the facts it needs and hands both to a flow (lib/spending/use-spending-flow.ts, and
 * widgets/approve-then-act.tsx when a token must be authorised first). See docs/architecture.md,
 * "From a typed amount to the wallet".
 *
 *   parse(text, facts)      what was typed, or why it cannot be used     (said under the field)
 *   quote(value, facts)     what it spends, the bound, the call's arguments
 *   precheck(facts, quote)  the action's own conditions, in order         (said under the buttons)
 *
 * `evaluate` runs them in that order, with the balance between quote and precheck, so every page
 * refuses in the same order, and nothing reaches the wallet unless all of it passed.
 */
import type { TokenSymbol } from "@product";

import type { Message } from "@/i18n/message";
import { notEnough } from "@/lib/contracts/balance-message";

/** What the field holds: a value to act on, or the reason it cannot be used. */
export type Parsed<V> = { value: V } | { problem: Message };

/** What an action takes from the user's balance. */
export interface Spend {
  token: TokenSymbol;
  /** What it costs now: shown, and checked against the balance. */
  amount: bigint;
  /** The most the call may take (the bound sent with it, when the price may move): what is authorised. */
  mayTake: bigint;
}

/** What the action will do for a value: what it spends, and the arguments of its call (the bound among them). */
export interface Quote<A extends unknown[]> {
  spends?: Spend;
  args: A;
}

export interface SpendingAction<F, V, A extends unknown[]> {
  /** What was typed, given the facts read so far. An action without a field ignores the text. */
  parse: (text: string, facts: F) => Parsed<V>;
  /** The value priced with the facts; undefined while a fact it needs is not read yet. */
  quote: (value: V, facts: F) => Quote<A> | undefined;
  /** The first of the action's own conditions that stops it (not registered, nothing for sale...).
   *  Run once the field is usable, with the quote when there is one. */
  precheck?: (facts: F, quote: Quote<A> | undefined) => Message | undefined;
}

/** What a flow knows of the user's token: undefined until read. */
export interface Holdings {
  balance?: bigint;
  allowance?: bigint;
}

/** Everything an action says about what was typed, at this moment. */
export interface Evaluation<V, A extends unknown[]> {
  /** The value, once the field is usable. */
  value?: V;
  quote?: Quote<A>;
  /** Said under the field: its format, the action's rule, then the balance. */
  fieldProblem?: Message;
  /** Said under the buttons: the action's conditions, then figures not read yet. */
  refusal?: Message;
}

/** The figures a quote needs are still being read: a press waits for them (use-spending-flow.ts),
 *  and says so if they do not come. */
export const FIGURES_LOADING: Message = { key: "common:loading.figures" };

/** Whether the action itself says a figure it needs is not read yet. */
export function awaitsFigures(evaluation: Evaluation<unknown, unknown[]>): boolean {
  return evaluation.fieldProblem?.key === FIGURES_LOADING.key || evaluation.refusal?.key === FIGURES_LOADING.key;
}

/** Runs an action's steps in their one order: parse, quote, the balance, precheck. */
export function evaluate<F, V, A extends unknown[]>(
  action: SpendingAction<F, V, A>,
  text: string,
  facts: F,
  holdings: Holdings = {},
): Evaluation<V, A> {
  const parsed = action.parse(text, facts);
  if ("problem" in parsed) return { fieldProblem: parsed.problem };
  const { value } = parsed;
  const quote = action.quote(value, facts);
  const spends = quote?.spends;
  if (spends && holdings.balance !== undefined && spends.amount > holdings.balance) return { value, quote, fieldProblem: notEnough(spends.token) };
  const refusal = action.precheck?.(facts, quote) ?? (quote ? undefined : FIGURES_LOADING);
  return { value, quote, refusal };
}

/** Whether what is authorised covers what the quote may take (true when it spends nothing). */
export function isAuthorized(quote: Quote<unknown[]> | undefined, allowance: bigint | undefined): boolean {
  const need = quote?.spends?.mayTake;
  if (need === undefined) return quote !== undefined;
  return allowance !== undefined && allowance >= need;
}
