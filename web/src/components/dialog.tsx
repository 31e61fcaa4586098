import { useLayoutEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import styles from "./dialog.module.css";

interface ConfirmDialogProps {
  open: boolean;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** The buttons' words when not Confirm and Cancel. */
  confirmLabel?: string;
  cancelLabel?: string;
}

/** A modal question with Confirm and Cancel, on the native <dialog>. */
export function ConfirmDialog({ open, message, onConfirm, onCancel, confirmLabel, cancelLabel }: ConfirmDialogProps) {
  const { t } = useTranslation("common");
  const ref = useRef<HTMLDialogElement>(null);
  // Before the browser paints (a layout effect): the question's words are in the page from the
  // render on, and the dialog opens with them, never a frame later (a passive effect left a moment
  // where the words were there, in a dialog not yet open, its buttons out of reach).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom and old browsers lack showModal: the attribute alone still shows the dialog.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);
  return (
    <dialog ref={ref} className={styles.dialog} onCancel={onCancel} aria-modal="true">
      {open && (
        <>
          <p className={styles.message}>{message}</p>
          <div className={styles.actions}>
            <button type="button" className={`button ${styles.cancel}`} onClick={onCancel}>
              {cancelLabel ?? t("actions.cancel")}
            </button>
            <button type="button" className="button" onClick={onConfirm}>
              {confirmLabel ?? t("actions.confirm")}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
