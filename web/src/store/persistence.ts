/**
 * How the user slice and the user's settings are stored under `am-local`. A value that is not valid
 * JSON, or does not have the expected shape, is removed and ignored: a corrupted entry never crashes
 * the app. The referrer and the price tolerance are optional (values stored before them had none,
 * and stay valid: nobody is logged out by them), and one that is not valid is dropped alone, never
 * with the sessions.
 *
 * Version 2 added the price tolerance: a version 1 value is taken as it is (store/index.ts) and
 * written back at once as version 2. No build writes over a value of a newer version, so a tab of
 * the version 1 build left open beside this one keeps what it changes (a login, a referrer) in its
 * memory only, until it is reloaded into this build; nothing this build stored is lost to it.
 */
import type { PersistStorage, StorageValue } from "zustand/middleware";

import { DEFAULT_TOLERANCE_BPS, isToleranceBps, type SettingsSlice } from "./settings-slice";
import { isReferrerText, type User, type UserSlice } from "./user-slice";

export const STORAGE_KEY = "am-local";
export const PERSIST_VERSION = 2;

export type PersistedUser = Pick<UserSlice, "user" | "sessions"> & Partial<Pick<UserSlice, "ref"> & Pick<SettingsSlice, "toleranceBps">>;

/** What is kept: the default tolerance is not written, so the value keeps the shape it always had
 *  until the user changes it (and a later default reaches those who never did). */
export const persistedUser = (state: UserSlice & SettingsSlice): PersistedUser => ({
  user: state.user,
  sessions: state.sessions,
  ...(state.ref ? { ref: state.ref } : {}),
  ...(state.toleranceBps !== DEFAULT_TOLERANCE_BPS ? { toleranceBps: state.toleranceBps } : {}),
});

const isNullableString = (value: unknown): value is string | null => value === null || typeof value === "string";

function isUser(value: unknown): value is User {
  const user = value as User | null;
  return typeof user === "object" && user !== null && isNullableString(user.account) && isNullableString(user.token);
}

function isSessions(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((token) => typeof token === "string")
  );
}

export function parseStoredUser(raw: string | null): StorageValue<PersistedUser> | null {
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as StorageValue<PersistedUser>;
    if (typeof parsed !== "object" || parsed === null || typeof parsed.version !== "number") return null;
    const { user, sessions, ref, toleranceBps } = parsed.state ?? {};
    if (!isUser(user) || !isSessions(sessions)) return null;
    // The tolerance is always given back (the default when none is kept), so that another tab
    // going back to the default is taken in here, not kept over by this tab's own choice.
    const tolerance = isToleranceBps(toleranceBps) ? toleranceBps : DEFAULT_TOLERANCE_BPS;
    return { state: { user, sessions, ...(isReferrerText(ref) ? { ref } : {}), toleranceBps: tolerance }, version: parsed.version };
  } catch {
    return null;
  }
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The version a stored value says it has, without checking the rest (undefined when unreadable). */
export function storedVersion(raw: string | null): number | undefined {
  try {
    const version = (JSON.parse(raw ?? "null") as { version?: unknown } | null)?.version;
    return typeof version === "number" ? version : undefined;
  } catch {
    return undefined;
  }
}

export const safeStorage: PersistStorage<PersistedUser> = {
  getItem: (name) => {
    const raw = storage()?.getItem(name) ?? null;
    // A newer build's value (a tab of the next release open beside this one): this build cannot
    // read it, and must not replace it with its own older shape; it starts logged out in memory.
    if ((storedVersion(raw) ?? 0) > PERSIST_VERSION) return null;
    const value = parseStoredUser(raw);
    if (raw !== null && value === null) storage()?.removeItem(name);
    return value;
  },
  setItem: (name, value) => {
    try {
      // Beside a newer build's tab, whatever this one changes (any slice's write saves the user
      // part) stays in memory: the newer value is not this build's to replace.
      if ((storedVersion(storage()?.getItem(name) ?? null) ?? 0) > PERSIST_VERSION) return;
      storage()?.setItem(name, JSON.stringify(value));
    } catch {
      // Full or blocked storage: the session lasts until the page closes.
    }
  },
  removeItem: (name) => storage()?.removeItem(name),
};
