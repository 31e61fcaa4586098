import { useTranslation } from "react-i18next";

import { useMessages } from "@/i18n/use-message";
import { useToasts, type Toast } from "@/lib/toast/toast-store";

import styles from "./toasts.module.css";

/** The pop-up on screen: one at a time, at the top, clear of the action buttons. */
export function Toasts() {
  const current = useToasts((state) => state.toasts[0]);
  return (
    <div className={styles.stack} aria-live="polite">
      {current && <ToastView key={current.id} toast={current} />}
    </div>
  );
}

/** Translated only when shown: the message catalogue loads with the first message, not with the app;
 *  the pop-up appears once it can say its message. */
function ToastView({ toast }: { toast: Toast }) {
  const { translate, ready } = useMessages();
  const dismiss = useToasts((state) => state.dismiss);
  const { t } = useTranslation("common");
  if (!ready) return null;
  // A live region holding the message and a button that dismisses it: a button cannot itself be a
  // status or an alert (axe: aria-allowed-role), and the message stays readable as text.
  return (
    <div className={`${styles.toast} ${styles[toast.kind]}`} role={toast.kind === "error" ? "alert" : "status"}>
      <span className={styles.text}>{translate(toast)}</span>
      <button type="button" className={styles.dismiss} onClick={() => dismiss(toast.id)} aria-label={t("actions.dismiss")}>
        ×
      </button>
    </div>
  );
}
