import { useMessage } from "@/i18n/use-message";
import { useToasts } from "@/lib/toast/toast-store";

import styles from "./toasts.module.css";

/** The pop-up on screen: one at a time, at the top, clear of the action buttons. */
export function Toasts() {
  const translate = useMessage();
  const current = useToasts((state) => state.toasts[0]);
  const dismiss = useToasts((state) => state.dismiss);
  return (
    <div className={styles.stack} aria-live="polite">
      {current && (
        <button
          type="button"
          key={current.id}
          className={`${styles.toast} ${styles[current.kind]}`}
          onClick={() => dismiss(current.id)}
          role={current.kind === "error" ? "alert" : "status"}
          data-testid="toast"
        >
          {translate(current)}
        </button>
      )}
    </div>
  );
}
