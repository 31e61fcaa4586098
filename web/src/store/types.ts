import type { StateCreator } from "zustand";

import type { UiSlice } from "./ui-slice";
import type { UserSlice } from "./user-slice";

export type AppState = UserSlice & UiSlice;

/** A slice of the app's store, which is wrapped in `persist`. */
export type SliceCreator<T> = StateCreator<AppState, [["zustand/persist", unknown]], [], T>;
