/** The button of every action: it shows its transaction's progress and cannot be pressed while it runs. */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { Spinner } from "./spinner";
import styles from "./action-button.module.css";

/** What a button shows of a press being made ready before its action starts (figures being read). */
export const PREPARING = { phase: "preparing", busy: true } as const;

interface ActionButtonProps {
  children: ReactNode;
  onClick: () => void;
  /** The action it runs (lib/actions): its phase and whether it is under way. */
  transaction?: { phase: string; busy: boolean };
  /** What to say once the transaction is sent (say 'Authorizing'); 'Confirming…' otherwise. Short: it never wraps. */
  busyLabel?: ReactNode;
  disabled?: boolean;
  variant?: "primary" | "secondary";
}

/** A button that shows the progress of its transaction and cannot be pressed while it runs. */
export function ActionButton({ children, onClick, transaction, busyLabel, disabled, variant = "primary" }: ActionButtonProps) {
  const { t } = useTranslation("common");
  const busy = transaction?.busy ?? false;
  const phase = transaction?.phase;
  const label = phase === "preparing" ? t("tx.preparing") : phase === "wallet" ? t("tx.waitingWallet") : phase === "pending" ? (busyLabel ?? t("tx.confirming")) : children;
  return (
    <button
      type="button"
      className={`button ${variant === "secondary" ? styles.secondary : ""}`}
      onClick={onClick}
      disabled={disabled || busy}
      aria-busy={busy}
    >
      {busy && <Spinner size={16} />}
      {label}
    </button>
  );
}
