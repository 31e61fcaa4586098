/** Inputs, a row of buttons, and the notes under them. */
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import type { Message } from "@/i18n/message";

import { MessageNote } from "./message-note";
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

/** The refusal of the action above it, if any. */
export function RefusalNote({ message }: { message: Message | undefined }) {
  return <MessageNote message={message} />;
}

/** Why the last attempt failed, under its button, until the next attempt. */
export function FailureNote({ state }: { state: { phase: string; error?: Message } }) {
  return <MessageNote message={state.phase === "failed" ? state.error : undefined} />;
}
