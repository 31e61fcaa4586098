/** The state of a field whose check is synchronous and whole (account, query, and the referrer field,
 *  which adds the chain's answer): what the user typed and its problem. A form that ends in a
 *  spending flow keeps its field in the flow (lib/spending/use-spending-flow.ts). */
import { useState } from "react";

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
