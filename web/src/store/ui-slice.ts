import type { SliceCreator } from "./types";

/** Transient UI state, never persisted. */
export interface UiSlice {
  sidebarOpen: boolean;
  setSidebarOpen: (open: boolean) => void;
}

export const createUiSlice: SliceCreator<UiSlice> = (set) => ({
  sidebarOpen: false,
  setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
});
