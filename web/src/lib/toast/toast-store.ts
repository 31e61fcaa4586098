/**
 * Short messages for the user (success, error, info). Each holds a translation key and its
 * values, so a message on screen follows a change of language.
 */
import { create } from "zustand";

export type ToastKind = "success" | "error" | "info";

export interface Message {
  key: string;
  params?: Record<string, string | number>;
}

export interface Toast extends Message {
  id: number;
  kind: ToastKind;
}

interface ToastState {
  toasts: Toast[];
  show: (kind: ToastKind, message: Message) => number;
  dismiss: (id: number) => void;
}

const SHOW_FOR_MS = 4_000;
let nextId = 1;

export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (kind, message) => {
    const id = nextId++;
    // The same message twice in a row is shown once.
    const others = get().toasts.filter((toast) => toast.key !== message.key);
    set({ toasts: [...others, { id, kind, ...message }].slice(-3) });
    setTimeout(() => get().dismiss(id), SHOW_FOR_MS);
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

export const toast = {
  success: (key: string, params?: Message["params"]) => useToasts.getState().show("success", { key, params }),
  error: (key: string, params?: Message["params"]) => useToasts.getState().show("error", { key, params }),
  info: (key: string, params?: Message["params"]) => useToasts.getState().show("info", { key, params }),
};

/** Tells the user why an action cannot go ahead; true when there was such a reason. */
export function refuse(message: Message | undefined): message is Message {
  if (message) toast.error(message.key, message.params);
  return message !== undefined;
}
