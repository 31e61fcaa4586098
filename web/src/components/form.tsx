/** Inputs and the button that sends a transaction. */
import { useCallback, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import type { Message } from "@/i18n/message";
import { useMessage } from "@/i18n/use-message";
import type { ActionState } from "@/lib/actions/use-action";
import type { SentTransaction } from "@/lib/transactions/sent-transaction";

import { MessageNote } from "./message-note";
import { PendingTransactions } from "./pending-transactions";
import { TransactionLink } from "./transaction-link";
import styles from "./form.module.css";

interface FieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Shown under the field: the reason the value cannot be used. */
  error?: string;
  hint?: ReactNode;
  suffix?: ReactNode;
  inputMode?: "decimal" | "numeric" | "text";
  testId?: string;
  autoComplete?: string;
  type?: "text" | "password";
  /** Shown but not editable: a value fixed elsewhere (say, on chain). */
  readOnly?: boolean;
}

export function Field({
  label,
  value,
  onChange,
  placeholder,
  error,
  hint,
  suffix,
  inputMode = "text",
  testId,
  autoComplete,
  type = "text",
  readOnly,
}: FieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.control} ${error ? styles.invalid : ""}`}>
        <input
          id={id}
          type={type}
          value={value}
          placeholder={placeholder}
          inputMode={inputMode}
          autoComplete={autoComplete ?? "off"}
          spellCheck={false}
          readOnly={readOnly}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          data-testid={testId}
        />
        {suffix}
      </div>
      {error && (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </span>
      )}
      {!error && hint && <span className={styles.hint}>{hint}</span>}
    </div>
  );
}

/** An amount field: shows what was typed, as every field does; the check under it says what is wrong. */
export function AmountField(props: FieldProps & { onMax?: () => void }) {
  const { t } = useTranslation("common");
  const { onMax, ...rest } = props;
  return (
    <Field
      {...rest}
      inputMode="decimal"
      suffix={
        onMax && (
          <button type="button" className={styles.max} onClick={onMax}>
            {t("actions.max")}
          </button>
        )
      }
    />
  );
}

/** Buttons side by side, sharing the width. */
export function ButtonRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

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

/** The refusal of the action above it, if any. */
export function RefusalNote({ refusal, testId = "refusal" }: { refusal: Pick<Refusal, "message">; testId?: string }) {
  return <MessageNote message={refusal.message} testId={testId} />;
}

/**
 * The hash of the transaction in flight or just done, linked to the explorer when there is one;
 * and the same action's transactions still pending from before (a reload, another tab).
 */
export function TransactionNote({ transaction }: { transaction: ActionState & { pending?: readonly SentTransaction[] } }) {
  const { t } = useTranslation("common");
  const current = transaction.hash && transaction.phase !== "idle" ? transaction.hash : undefined;
  return (
    <>
      {current && (
        <p className={styles.transaction} data-testid="transaction-note">
          <span>{transaction.phase === "pending" ? t("tx.pending") : transaction.phase === "confirmed" ? t("tx.confirmed") : t("tx.failed")}</span>
          <TransactionLink hash={current} />
        </p>
      )}
      <PendingTransactions transactions={transaction.pending ?? []} />
    </>
  );
}

/** Why the last attempt failed, under its button, until the next attempt. */
export function FailureNote({ state, testId = "failure-note" }: { state: { phase: string; error?: Message }; testId?: string }) {
  return <MessageNote message={state.phase === "failed" ? state.error : undefined} testId={testId} />;
}
