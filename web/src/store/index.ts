/**
 * The app's store: one zustand store made of slices. Only the user slice and the user's settings
 * are persisted, under the localStorage key `am-local` (the session of each wallet, the referrer of
 * the last referral link, the price tolerance), and nothing that is ever a password.
 */
import { create } from "zustand";
import { persist } from "zustand/middleware";

import { PERSIST_VERSION, STORAGE_KEY, persistedUser, safeStorage, storedVersion, type PersistedUser } from "./persistence";
import type { AppState } from "./types";
import { createSettingsSlice } from "./settings-slice";
import { createUiSlice } from "./ui-slice";
import { createUserSlice } from "./user-slice";

export type { AppState };

export const useAppStore = create<AppState>()(
  persist<AppState, [], [], PersistedUser>(
    (...args) => ({
      ...createUserSlice(...args),
      ...createUiSlice(...args),
      ...createSettingsSlice(...args),
    }),
    {
      name: STORAGE_KEY,
      version: PERSIST_VERSION,
      storage: safeStorage,
      partialize: persistedUser,
      // Version 1 is version 2 without a tolerance (read back as the default): kept as it is. An
      // older shape is not worth converting: it is dropped and the user logs in again. (The
      // referrer came in version 1 as a field that may be missing, so no value had to be dropped.)
      migrate: (stored, version) => (version === 1 ? (stored as PersistedUser) : { user: { account: null, token: null }, sessions: {} }),
    },
  ),
);

// Another tab changed the user part (a referral link opened there, a registration done, a log-in):
// taken in here, so that this tab does not write its older copy back over it. Only a value of this
// build's version: one of another release's tab would be migrated (logged out) and written back in
// this shape, which that tab would migrate and write back in turn, each tab logging the other out.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEY && (event.newValue === null || storedVersion(event.newValue) === PERSIST_VERSION)) void useAppStore.persist.rehydrate();
  });
}
