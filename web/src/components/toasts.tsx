import { useMessage } from "@/i18n/use-message";
import { useToasts } from "@/lib/toast/toast-store";

import styles from "./toasts.module.css";

export function Toasts() {
  const translate = useMessage();
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  return (
    <div className={styles.stack} aria-live="polite">
      {toasts.map((item) => (
        <button
          type="button"
          key={item.id}
          className={`${styles.toast} ${styles[item.kind]}`}
          onClick={() => dismiss(item.id)}
          role={item.kind === "error" ? "alert" : "status"}
        >
          {translate(item)}
        </button>
      ))}
    </div>
  );
}
