import { waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";

import { useAppStore } from ".";
import { PERSIST_VERSION, STORAGE_KEY, parseStoredUser } from "./persistence";
import { DEFAULT_TOLERANCE_BPS } from "./settings-slice";

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

const stored = () => JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "null");

describe("store", () => {
  beforeEach(() => {
    useAppStore.setState({ user: { account: null, token: null }, sessions: {}, ref: "", toleranceBps: DEFAULT_TOLERANCE_BPS });
  });

  it("persists the user part only, under am-local: sessions and the referrer of the last link", () => {
    useAppStore.getState().setUser(ALICE, "token-a");
    useAppStore.getState().setRef(BOB);
    useAppStore.getState().setSidebarOpen(true);
    const value = stored();
    expect(Object.keys(value.state).sort()).toEqual(["ref", "sessions", "user"]);
    expect(value.state.user).toEqual({ account: ALICE.toLowerCase(), token: "token-a" });
    expect(value.state.ref).toBe(BOB);
    expect(JSON.stringify(value)).not.toContain("password");
  });

  it("writes no referrer when there is none, so the value has the shape it always had", () => {
    useAppStore.getState().setRef(BOB);
    useAppStore.getState().setRef("");
    expect(Object.keys(stored().state).sort()).toEqual(["sessions", "user"]);
  });

  it("keeps the price tolerance the user chose, and writes none while it is the default", () => {
    useAppStore.getState().setToleranceBps(100);
    expect(stored()).toEqual({ state: { user: { account: null, token: null }, sessions: {}, toleranceBps: 100 }, version: PERSIST_VERSION });
    useAppStore.getState().setToleranceBps(DEFAULT_TOLERANCE_BPS);
    expect(Object.keys(stored().state).sort()).toEqual(["sessions", "user"]);
  });

  it("restores the tolerance kept, and drops one out of bounds alone, without the session", async () => {
    const value = (toleranceBps: unknown) =>
      JSON.stringify({ state: { user: { account: "0xabc", token: "t" }, sessions: { "0xabc": "t" }, toleranceBps }, version: PERSIST_VERSION });
    window.localStorage.setItem(STORAGE_KEY, value(250));
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().toleranceBps).toBe(250);
    for (const bad of [0, 501, 12.5, "100", null, { bps: 100 }]) {
      window.localStorage.setItem(STORAGE_KEY, value(bad));
      await useAppStore.persist.rehydrate();
      expect(useAppStore.getState().toleranceBps).toBe(DEFAULT_TOLERANCE_BPS);
      expect(useAppStore.getState().user).toEqual({ account: "0xabc", token: "t" });
    }
  });

  it("takes in a tolerance changed in another tab, back to the default too, so as not to write its own back", async () => {
    const value = (state: object) => JSON.stringify({ state: { user: { account: null, token: null }, sessions: {}, ...state }, version: PERSIST_VERSION });
    window.localStorage.setItem(STORAGE_KEY, value({ toleranceBps: 10 }));
    window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEY, newValue: value({ toleranceBps: 10 }) }));
    await waitFor(() => expect(useAppStore.getState().toleranceBps).toBe(10));
    window.localStorage.setItem(STORAGE_KEY, value({}));
    window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEY, newValue: value({}) }));
    await waitFor(() => expect(useAppStore.getState().toleranceBps).toBe(DEFAULT_TOLERANCE_BPS));
    useAppStore.getState().setSidebarOpen(true);
    expect(stored().state.toleranceBps).toBeUndefined();
  });

  it("keeps a version 1 value (before the tolerance): the user stays logged in, at the default tolerance", async () => {
    useAppStore.getState().setToleranceBps(100);
    window.localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ state: { user: { account: "0xabc", token: "t" }, sessions: { "0xabc": "t" }, ref: BOB }, version: 1 }),
    );
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().user).toEqual({ account: "0xabc", token: "t" });
    expect(useAppStore.getState().sessions).toEqual({ "0xabc": "t" });
    expect(useAppStore.getState().ref).toBe(BOB);
    expect(useAppStore.getState().toleranceBps).toBe(DEFAULT_TOLERANCE_BPS);
  });

  it("keeps a value stored before referrers were kept: the user stays logged in", async () => {
    window.localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ state: { user: { account: "0xabc", token: "t" }, sessions: { "0xabc": "t" } }, version: 1 }),
    );
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().user).toEqual({ account: "0xabc", token: "t" });
    expect(useAppStore.getState().sessions).toEqual({ "0xabc": "t" });
    expect(useAppStore.getState().ref).toBe("");
  });

  it("restores the referrer kept, and drops one that is not an address without the session", async () => {
    const value = (ref: unknown) => JSON.stringify({ state: { user: { account: "0xabc", token: "t" }, sessions: { "0xabc": "t" }, ref }, version: 1 });
    window.localStorage.setItem(STORAGE_KEY, value(BOB));
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().ref).toBe(BOB);

    useAppStore.setState({ ref: "" });
    for (const bad of ["0x123", 42, { address: BOB }, `${BOB}<script>`]) {
      window.localStorage.setItem(STORAGE_KEY, value(bad));
      await useAppStore.persist.rehydrate();
      expect(useAppStore.getState().ref).toBe("");
      expect(useAppStore.getState().user).toEqual({ account: "0xabc", token: "t" });
    }
  });

  it("signs out: the token becomes null and the account's entry is removed", () => {
    useAppStore.getState().setUser(ALICE, "token-a");
    useAppStore.getState().clearUser();
    expect(useAppStore.getState().user).toEqual({ account: ALICE.toLowerCase(), token: null });
    expect(stored().state.sessions).toEqual({});
  });

  it("restores each wallet's own session when the wallet switches back", () => {
    const { setUser, selectAccount } = useAppStore.getState();
    setUser(ALICE, "token-a");
    selectAccount(BOB);
    expect(useAppStore.getState().user).toEqual({ account: BOB.toLowerCase(), token: null });
    selectAccount(ALICE);
    expect(useAppStore.getState().user.token).toBe("token-a");
    selectAccount(null);
    expect(useAppStore.getState().user).toEqual({ account: null, token: null });
  });

  it("keeps a session aside, and makes it current when its wallet is selected (say, after a reload)", () => {
    const { keepSession, selectAccount } = useAppStore.getState();
    selectAccount(ALICE);
    keepSession(ALICE, "token-kept");
    expect(useAppStore.getState().user).toEqual({ account: ALICE.toLowerCase(), token: null });
    selectAccount(ALICE);
    expect(useAppStore.getState().user).toEqual({ account: ALICE.toLowerCase(), token: "token-kept" });
    useAppStore.getState().clearUser();
    selectAccount(ALICE);
    expect(useAppStore.getState().user.token).toBeNull();
  });

  it("takes in what another tab stored (a referral link opened there), so as not to write its older copy back", async () => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ state: { user: { account: null, token: null }, sessions: {}, ref: BOB }, version: PERSIST_VERSION }));
    window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEY }));
    await waitFor(() => expect(useAppStore.getState().ref).toBe(BOB));
    useAppStore.getState().setSidebarOpen(true);
    expect(stored().state.ref).toBe(BOB);
  });

  it("leaves a value of another release's tab alone: neither taken in from its event nor written over", async () => {
    useAppStore.getState().keepSession(ALICE, "mine");
    useAppStore.getState().selectAccount(ALICE);
    const newer = JSON.stringify({ state: { user: { account: "0xabc", token: "t" }, sessions: { "0xabc": "t" }, theme: "dark" }, version: PERSIST_VERSION + 1 });
    const older = JSON.stringify({ state: { user: { account: "0xdef", token: "u" }, sessions: { "0xdef": "u" } }, version: 0 });
    for (const value of [newer, older]) {
      window.localStorage.setItem(STORAGE_KEY, value);
      window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEY, newValue: value }));
      await new Promise((resolve) => setTimeout(resolve, 10));
      // Not migrated (which logs out) and written back: the other tab would do the same in turn.
      expect(window.localStorage.getItem(STORAGE_KEY)).toBe(value);
      expect(useAppStore.getState().user).toEqual({ account: ALICE.toLowerCase(), token: "mine" });
    }
    // Started beside a newer release's tab: logged out in memory, its value untouched, whatever
    // this tab changes afterwards (any slice's write saves the user part).
    window.localStorage.setItem(STORAGE_KEY, newer);
    await useAppStore.persist.rehydrate();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe(newer);
    useAppStore.getState().setSidebarOpen(true);
    useAppStore.getState().keepSession(ALICE, "another");
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe(newer);
  });

  it("rehydrates a stored session", async () => {
    window.localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ state: { user: { account: "0xabc", token: "t" }, sessions: { "0xabc": "t" } }, version: 1 }),
    );
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().user).toEqual({ account: "0xabc", token: "t" });
  });

  it.each([
    ["not JSON", "{not json"],
    ["a number", "42"],
    ["a wrong shape", JSON.stringify({ state: { user: "alice" }, version: 1 })],
    ["a token that is not a string", JSON.stringify({ state: { user: { account: "0xabc", token: 5 }, sessions: {} }, version: 1 })],
  ])("discards a corrupted value (%s) without a crash", async (_label, value) => {
    window.localStorage.setItem(STORAGE_KEY, value);
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().user).toEqual({ account: null, token: null });
    expect(window.localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("discards a value of an older version", async () => {
    window.localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ state: { user: { account: "0xabc", token: "old" }, sessions: {} }, version: 0 }),
    );
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().user).toEqual({ account: null, token: null });
  });

  it("parses only well-formed entries", () => {
    expect(parseStoredUser(null)).toBeNull();
    expect(parseStoredUser(JSON.stringify({ state: { user: { account: null, token: null }, sessions: {} }, version: 1 }))).toEqual({
      state: { user: { account: null, token: null }, sessions: {}, toleranceBps: DEFAULT_TOLERANCE_BPS },
      version: 1,
    });
  });
});
