/**
 * The app's state: the slices put together. Each slice declares its own state in its own file and
 * is written against that alone (store/index.ts joins them), so this file imports the slices and
 * they never import it back.
 */
import type { SettingsSlice } from "./settings-slice";
import type { UiSlice } from "./ui-slice";
import type { UserSlice } from "./user-slice";

export type AppState = UserSlice & UiSlice & SettingsSlice;
