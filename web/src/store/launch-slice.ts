import type { SliceCreator } from "./types";

/** What the page address carried at launch. Kept for the session only, never persisted. */
export interface LaunchSlice {
  /** The referrer address from `?ref=`; '' when absent. */
  ref: string;
  setRef: (ref: string) => void;
}

export const createLaunchSlice: SliceCreator<LaunchSlice> = (set) => ({
  ref: "",
  setRef: (ref) => set({ ref }),
});
