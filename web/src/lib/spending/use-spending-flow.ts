/**
 * The React side of a spending action (spending-action.ts): the text the user types, what the
 * action says of it at each render, and the refusal of the last press. Nothing is kept that can be
 * derived: the field's problem follows the text, and a refusal is shown only until the text changes,
 * and while the same reason still holds (the member registered, the wait over, the
 * authorisation confirmed: it goes at once, with no effect and no extra render).
 */
import { useState } from "react";

import type { Message } from "@/i18n/message";
import { useMessage } from "@/i18n/use-message";

import { evaluate, type Evaluation, type Holdings, type Quote, type SpendingAction } from "./spending-action";

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
  /** A further reason of the Confirm button alone, asked after the action's own (authorise first). */
  confirmGate?: (evaluation: Evaluation<V, A>) => Message | undefined;
}

export function useSpendingFlow<F, V, A extends unknown[]>(action: SpendingAction<F, V, A>, facts: F, options: SpendingFlowOptions<V, A> = {}) {
  const translate = useMessage();
  const own = useTypedText();
  // A press with the field empty shows the prompt under it; typing shows problems as they come.
  const { text, setText, tried, setTried } = options.typed ?? own;
  const [attempt, setAttempt] = useState<{ text: string; refused: Message }>();

  const evaluation = evaluate(action, text, facts, options.holdings);
  const gate = options.confirmGate?.(evaluation);
  const showProblem = evaluation.fieldProblem !== undefined && (tried || text.trim() !== "");
  const error = showProblem ? translate(evaluation.fieldProblem!) : undefined;
  const standing = attempt && attempt.text === text ? [evaluation.refusal, gate].find((reason) => reason?.key === attempt.refused.key) : undefined;

  /**
   * The checks of a press, in order: the field, the action's conditions, then (for Confirm) the
   * gate. Returns the quote to act on when all passed; otherwise shows why and returns undefined.
   */
  const press = (withGate: boolean): Quote<A> | undefined => {
    setTried(true);
    const reason = evaluation.fieldProblem ? undefined : (evaluation.refusal ?? (withGate ? gate : undefined));
    setAttempt(reason ? { text, refused: reason } : undefined);
    return evaluation.fieldProblem || reason ? undefined : evaluation.quote;
  };

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
    press,
    clear,
  };
}
