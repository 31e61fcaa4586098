import type { StateCreator } from "zustand";

/** Transient UI state, never persisted. */
export interface UiSlice {
  sidebarOpen: boolean;
  setSidebarOpen: (open: boolean) => void;
}

/** The UI slice: it reads and writes only its own state. */
export const createUiSlice: StateCreator<UiSlice> = (set) => ({
  sidebarOpen: false,
  setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
});
