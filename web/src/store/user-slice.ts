import type { StateCreator } from "zustand";

export interface User {
  /** The wallet address the session belongs to (lower case), or null. */
  account: string | null;
  /** The account API's session token; null when signed out. */
  token: string | null;
}

export interface UserSlice {
  user: User;
  /** The token of each wallet that has logged in here, so switching back restores its session. */
  sessions: Record<string, string>;
  /**
   * The referrer address of the last referral link opened here ('' when none): kept on the device
   * over reloads until a registration succeeds or another link brings another one.
   */
  ref: string;
  /** A referral link brought `ref`; '' forgets it (a registration used it). */
  setRef: (ref: string) => void;
  /** Logged in: remembers the token for this account. */
  setUser: (account: string, token: string) => void;
  /** Keeps `account`'s token without making it the current session yet (say, while a registration
   *  still has its on-chain step to go); it becomes current when that wallet is next selected. */
  keepSession: (account: string, token: string) => void;
  /** Signed out: the token becomes null and the entry kept for that account is removed. */
  clearUser: () => void;
  /** The wallet now uses `account`: its session, if it has one, becomes the current one. */
  selectAccount: (account: string | null) => void;
}

export const signedOut: User = { account: null, token: null };

/** Whether `text` can be a referrer kept: 0x and 40 hex digits, and not the zero address (no one).
 *  The format only, which costs the startup nothing; the register page checks the checksum before using it. */
export const isReferrerText = (text: unknown): text is string => typeof text === "string" && /^0x[0-9a-fA-F]{40}$/.test(text) && !/^0x0{40}$/.test(text);

const key = (account: string) => account.toLowerCase();

/** The user slice: it reads and writes only its own state (the persisted part of the store). */
export const createUserSlice: StateCreator<UserSlice> = (set) => ({
  user: signedOut,
  sessions: {},
  ref: "",
  // Only a referrer's address is kept ('' forgets it): nothing else a link carries reaches the
  // device's storage or the wallet-app links built from it.
  setRef: (ref) => {
    if (ref === "" || isReferrerText(ref)) set({ ref });
  },
  setUser: (account, token) =>
    set((state) => ({ user: { account: key(account), token }, sessions: { ...state.sessions, [key(account)]: token } })),
  keepSession: (account, token) => set((state) => ({ sessions: { ...state.sessions, [key(account)]: token } })),
  clearUser: () =>
    set((state) => {
      const sessions = { ...state.sessions };
      if (state.user.account) delete sessions[state.user.account];
      return { user: { account: state.user.account, token: null }, sessions };
    }),
  selectAccount: (account) =>
    set((state) => {
      if (!account) return { user: signedOut };
      const normalised = key(account);
      const kept = state.sessions[normalised] ?? null;
      if (state.user.account === normalised && (state.user.token !== null || kept === null)) return state;
      return { user: { account: normalised, token: kept } };
    }),
});
