/**
 * The React side of a spending action (spending-action.ts): the text the user types, what the
 * action says of it at each render, and the refusal of the last press. Nothing is kept that can be
 * derived: the field's problem follows the text, and a refusal is shown only until the text changes,
 * and while the same reason still holds (the member registered, the wait over, the
 * authorisation confirmed: it goes at once, with no effect and no extra render).
 *
 * A press made while figures it depends on are being read (the quote for the amount just typed,
 * the allowance read again after the authorisation just confirmed: `reading`) is not refused for
 * that lag: the flow is `preparing` (its button says so) until they arrive, then the press is
 * judged as if made then. It is dropped if the text changes meanwhile; if they have not come after
 * PRESS_WAIT_MS it is refused with 'Reading the figures from the chain…', as it is at once with
 * the node known to be down (nothing is coming): never judged on the figures of before.
 */
import { useEffect, useState } from "react";

import type { Message } from "@/i18n/message";
import { useMessage } from "@/i18n/use-message";
import { useChainStatus } from "@/lib/contracts/chain-status";

import { awaitsFigures, evaluate, FIGURES_LOADING, type Evaluation, type Holdings, type Quote, type SpendingAction } from "./spending-action";

/** How long a press waits for figures being read before it is refused with 'Reading the figures…'. */
export const PRESS_WAIT_MS = 10_000;

/** A press waiting for figures: the text it was made on, and which checks it asked for. */
interface WaitingPress<A extends unknown[]> {
  text: string;
  withGate: boolean;
  since: number;
  resolve: (quote: Quote<A> | undefined) => void;
}

/** The text of a flow's field, and whether a press has been tried with it. A page that must read
 *  something for what is typed before the flow (the buy quote) keeps it above the flow and passes it in. */
export function useTypedText() {
  const [text, setText] = useState("");
  const [tried, setTried] = useState(false);
  return { text, setText, tried, setTried };
}

export type TypedText = ReturnType<typeof useTypedText>;

export interface SpendingFlowOptions<V, A extends unknown[]> {
  /** The field's text, when the page keeps it (useTypedText); else the flow keeps its own. */
  typed?: TypedText;
  holdings?: Holdings;
  /** Figures the press is judged on are being read, besides those the action's quote waits for:
   *  holdings not read yet for this account, or read again after the user's own transaction
   *  (`loading` and `refreshing` of use-chain-query.ts). */
  reading?: boolean;
  /** A further reason of the Confirm button alone, asked after the action's own (authorise first). */
  confirmGate?: (evaluation: Evaluation<V, A>) => Message | undefined;
}

export function useSpendingFlow<F, V, A extends unknown[]>(action: SpendingAction<F, V, A>, facts: F, options: SpendingFlowOptions<V, A> = {}) {
  const translate = useMessage();
  const own = useTypedText();
  // A press with the field empty shows the prompt under it; typing shows problems as they come.
  const { text, setText, tried, setTried } = options.typed ?? own;
  const [attempt, setAttempt] = useState<{ text: string; refused: Message }>();
  const [waiting, setWaiting] = useState<WaitingPress<A>>();

  const evaluation = evaluate(action, text, facts, options.holdings);
  const reading = options.reading === true || awaitsFigures(evaluation);
  // With the node known to be down, figures being read are not coming: a press is told so at
  // once rather than kept waiting, and is never judged on the figures of before.
  const networkOk = useChainStatus((status) => status.networkOk);
  // 'Reading the figures' is over once they came: a later read (after another transaction) does
  // not bring back a refusal of before.
  if (attempt?.refused.key === FIGURES_LOADING.key && !reading) setAttempt(undefined);
  const gate = options.confirmGate?.(evaluation);
  const showProblem = evaluation.fieldProblem !== undefined && (tried || text.trim() !== "");
  const error = showProblem ? translate(evaluation.fieldProblem!) : undefined;
  const stillReading = reading ? FIGURES_LOADING : undefined;
  const standing =
    attempt && attempt.text === text ? [evaluation.refusal, gate, stillReading].find((reason) => reason?.key === attempt.refused.key) : undefined;

  /**
   * The checks of a press, in order, on the figures of this render: the field, the action's
   * conditions, then (for Confirm) the gate. The quote to act on when all passed; otherwise shows
   * why and gives undefined.
   */
  const judge = (withGate: boolean): Quote<A> | undefined => {
    setTried(true);
    const reason = evaluation.fieldProblem ? undefined : (evaluation.refusal ?? (withGate ? gate : undefined));
    setAttempt(reason ? { text, refused: reason } : undefined);
    return evaluation.fieldProblem || reason ? undefined : evaluation.quote;
  };

  /** What a press made on `pressed.text` comes to with this render's figures: nothing after an
   *  edit, 'Reading the figures…' while they are still being read, or the judgement. */
  const settle = (pressed: Pick<WaitingPress<A>, "text" | "withGate">): Quote<A> | undefined => {
    if (pressed.text !== text) return undefined;
    if (!reading) return judge(pressed.withGate);
    setTried(true);
    setAttempt({ text, refused: FIGURES_LOADING });
    return undefined;
  };

  /** A press: the quote to act on once the figures it needs are read, or undefined (and why, shown). */
  const press = (withGate: boolean): Promise<Quote<A> | undefined> => {
    waiting?.resolve(undefined);
    setWaiting(undefined);
    if (!reading || !networkOk) return Promise.resolve(settle({ text, withGate }));
    setTried(true);
    setAttempt(undefined);
    return new Promise((resolve) => setWaiting({ text, withGate, since: Date.now(), resolve }));
  };

  // A waiting press is settled once a render brings its figures, a new text or a node found down,
  // or at the time limit, from a timer whose closure holds that render's figures (each render
  // replaces the timer, so the latest render's figures are the ones judged).
  useEffect(() => {
    if (!waiting) return;
    const due = waiting.text !== text || !reading || !networkOk ? 0 : Math.max(0, waiting.since + PRESS_WAIT_MS - Date.now());
    const timer = setTimeout(() => {
      setWaiting(undefined);
      waiting.resolve(settle(waiting));
    }, due);
    return () => clearTimeout(timer);
  });

  /** A new text: what was refused was about the old one. */
  const edit = (next: string) => {
    setText(next);
    setAttempt(undefined);
  };

  const clear = () => {
    setText("");
    setTried(false);
    setAttempt(undefined);
  };

  return {
    evaluation,
    field: {
      text,
      setText: edit,
      value: evaluation.value,
      error,
      /** What a Field shows of it: the text, its changes, the problem under it. */
      inputProps: { value: text, onChange: edit, error },
    },
    /** Why the last press was refused, while that still holds. */
    refusal: standing,
    /** A press waiting for figures being read: which checks it asked for (the Confirm gate or not). */
    preparing: waiting && { withGate: waiting.withGate },
    press,
    clear,
  };
}
