/** The state of a form's field and of an action's refusal: what a page keeps while the user types. */
import { useCallback, useState } from "react";

import type { Message } from "@/i18n/message";
import { useMessage } from "@/i18n/use-message";

/**
 * What the user typed and the reason it cannot be used. The reason shows under the field once the
 * user has typed something, or has tried to send with the field still empty; it follows the text,
 * so it is gone as soon as the field changes to something usable. Never a pop-up: a field's problem
 * has one place, under the field.
 */
export function useFieldCheck<T>(check: (text: string) => { value: T } | { problem: Message }, initial = "") {
  const translate = useMessage();
  const [text, setText] = useState(initial);
  const [tried, setTried] = useState(false);
  const result = check(text);
  const problem = "problem" in result ? result.problem : undefined;
  const showProblem = Boolean(problem) && (tried || text.trim() !== "");
  const error = showProblem && problem ? translate(problem) : undefined;
  return {
    text,
    setText,
    value: "value" in result ? result.value : undefined,
    problem,
    showProblem,
    error,
    /** What a Field shows of it: the text, its changes, the problem under it. */
    inputProps: { value: text, onChange: setText, error },
    /** Call on a submit: shows the reason under the field, if any, and returns the value only when usable. */
    attempt: (): T | undefined => {
      setTried(true);
      return "value" in result ? result.value : undefined;
    },
    clear: () => {
      setText("");
      setTried(false);
    },
  };
}

/**
 * Why an action cannot go ahead when the reason is not one field's (not registered, authorise
 * first, the claim interval): said once, under the action, until the user changes something or
 * tries again. Pop-ups are kept for what transactions did.
 */
export function useRefusal() {
  const [message, setMessage] = useState<Message>();
  const clear = useCallback(() => setMessage(undefined), []);
  /** Shows `reason` when there is one; true when the action must stop. */
  const refuse = useCallback((reason: Message | undefined): reason is Message => {
    setMessage(reason);
    return reason !== undefined;
  }, []);
  return { message, refuse, clear };
}

export type Refusal = ReturnType<typeof useRefusal>;
