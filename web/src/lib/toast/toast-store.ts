/**
 * Pop-ups: what a transaction or a wallet request came to (success, error, info). One on screen at a
 * time; one that comes while another shows waits its turn (at most a few, each once). A field's problem is shown under the field and a refused action
 * under its button (components/form.tsx), never here. Each holds a translation key and its values,
 * so a message on screen follows a change of language.
 */
import { create } from "zustand";

import type { Message, MessageKey } from "@/i18n/message";

export type ToastKind = "success" | "error" | "info";

export interface Toast extends Message {
  id: number;
  kind: ToastKind;
}

interface ToastState {
  /** The first is on screen; the others wait for it to go. */
  toasts: Toast[];
  show: (kind: ToastKind, message: Message) => number;
  dismiss: (id: number) => void;
}

const SHOW_FOR_MS = 4_000;
const MAX_WAITING = 3;
let nextId = 1;

export const useToasts = create<ToastState>()((set, get) => {
  /** Each toast's time starts when it comes on screen. */
  const expireFirst = () => {
    const first = get().toasts[0];
    if (first) setTimeout(() => get().dismiss(first.id), SHOW_FOR_MS);
  };
  return {
    toasts: [],
    show: (kind, message) => {
      const id = nextId++;
      const { toasts } = get();
      // The same message twice is shown once.
      if (toasts.some((toast) => toast.key === message.key)) return id;
      set({ toasts: [...toasts, { id, kind, ...message }].slice(0, MAX_WAITING) });
      if (toasts.length === 0) expireFirst();
      return id;
    },
    dismiss: (id) => {
      const wasFirst = get().toasts[0]?.id === id;
      set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
      if (wasFirst) expireFirst();
    },
  };
});

export const toast = {
  success: (key: MessageKey, params?: Message["params"]) => useToasts.getState().show("success", { key, params }),
  error: (key: MessageKey, params?: Message["params"]) => useToasts.getState().show("error", { key, params }),
  info: (key: MessageKey, params?: Message["params"]) => useToasts.getState().show("info", { key, params }),
};
