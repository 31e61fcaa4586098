import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { DEFAULT_STYPE, queryOf } from "@/lib/routing/page-props";
import { useAppStore } from "@/store";

import { MAX_ROUTE_PATH, applyLaunchParams, followReferralLinks, takeLaunchParams } from "./launch";

const REFERRER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("launch parameters", () => {
  it("reads ref from a referral link and removes it from the address", () => {
    const { params, cleanHref } = takeLaunchParams(`https://app.example/#/?ref=${REFERRER}`);
    expect(params.ref).toBe(REFERRER);
    expect(cleanHref).toBe("https://app.example/#/");
  });

  it("keeps the other parameters and the path", () => {
    const { params, cleanHref } = takeLaunchParams(`https://app.example/#/pages/register/register?ref=${REFERRER}&stype=x`);
    expect(params.ref).toBe(REFERRER);
    expect(cleanHref).toBe("https://app.example/#/pages/register/register?stype=x");
  });

  it("reads a ref holding a second '?' whole, and keeps the rest of the query", () => {
    const { params, cleanHref } = takeLaunchParams("https://app.example/#/pages/register/register?stype=a?b&ref=a?b=c");
    expect(params.ref).toBe("a?b=c");
    expect(cleanHref).toBe("https://app.example/#/pages/register/register?stype=a%3Fb");
  });

  it("keeps only a referrer's address: a long or malformed ref is taken out of the address and not kept", () => {
    useAppStore.setState({ ref: "" });
    const huge = "a".repeat(2_000_000);
    const replaceState = vi.fn();
    const started = performance.now();
    const { ref } = applyLaunchParams({ href: `http://localhost/#/?ref=${huge}` }, { replaceState, state: null });
    useAppStore.getState().setRef(ref);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(replaceState).toHaveBeenCalledWith(null, "", "http://localhost/#/");
    expect(useAppStore.getState().ref).toBe("");
    useAppStore.getState().setRef("a?b=c");
    expect(useAppStore.getState().ref).toBe("");
    useAppStore.getState().setRef(REFERRER);
    expect(useAppStore.getState().ref).toBe(REFERRER);
    useAppStore.getState().setRef("");
    expect(useAppStore.getState().ref).toBe("");
  });

  it("reads ref from the page query too", () => {
    const { params, cleanHref } = takeLaunchParams(`https://app.example/?ref=${REFERRER}#/`);
    expect(params.ref).toBe(REFERRER);
    expect(cleanHref).toBe("https://app.example/#/");
  });

  it("is '' when absent, and leaves the address alone", () => {
    expect(takeLaunchParams("https://app.example/#/pages/index/myTeam")).toEqual({ params: { ref: "" }, cleanHref: null });
  });

  it("rewrites the visible address without a reload", () => {
    const replaceState = vi.fn();
    const params = applyLaunchParams({ href: `http://localhost/#/?ref=${REFERRER}` }, { replaceState, state: { idx: 0 } });
    expect(params.ref).toBe(REFERRER);
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, "", "http://localhost/#/");
  });

  it("keeps ref in the store's user part, which the device keeps over reloads", () => {
    useAppStore.getState().setRef(REFERRER);
    expect(useAppStore.getState().ref).toBe(REFERRER);
    expect(window.localStorage.getItem("am-local") ?? "").toContain(REFERRER);
    useAppStore.getState().setRef("");
  });
});

describe("referral links", () => {
  const OTHER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
  let stop: () => void = () => undefined;

  beforeEach(() => {
    useAppStore.setState({ ref: "" });
    window.history.replaceState(null, "", "/#/");
  });
  afterEach(() => {
    stop();
    useAppStore.setState({ ref: "" });
  });

  /** The tab moves to `hash`, as when a link is pasted into it: the browser fires popstate and hashchange. */
  const pasteLink = (hash: string) => {
    window.history.pushState(null, "", hash);
    window.dispatchEvent(new PopStateEvent("popstate"));
    window.dispatchEvent(new HashChangeEvent("hashchange"));
  };

  it("cuts a hash path longer than any route before the router reads it, and leaves a short one alone", () => {
    const long = `https://app.example/#/${"x/".repeat(100_000)}?tab=1`;
    const { cleanHref } = takeLaunchParams(long);
    const hash = new URL(cleanHref!).hash;
    expect(hash.startsWith(`#/${"x/".repeat(10)}`)).toBe(true);
    expect(hash).toHaveLength(1 + MAX_ROUTE_PATH + "?tab=1".length);
    expect(takeLaunchParams("https://app.example/#/pages/index/miningX").cleanHref).toBeNull();
  });

  it("takes the referrer of the address at launch, and strips it", () => {
    window.history.replaceState(null, "", `/#/?ref=${REFERRER}`);
    stop = followReferralLinks();
    expect(useAppStore.getState().ref).toBe(REFERRER);
    expect(window.location.hash).toBe("#/");
  });

  it("keeps the referrer kept when the address brings none", () => {
    useAppStore.getState().setRef(REFERRER);
    stop = followReferralLinks();
    pasteLink("#/pages/index/myTeam");
    expect(useAppStore.getState().ref).toBe(REFERRER);
  });

  it("takes the referrer of a link pasted into the open tab: it replaces the one kept, and leaves the address", () => {
    useAppStore.getState().setRef(REFERRER);
    stop = followReferralLinks();
    pasteLink(`#/pages/register/register?ref=${OTHER}&stype=x`);
    expect(useAppStore.getState().ref).toBe(OTHER);
    expect(window.location.hash).toBe("#/pages/register/register?stype=x");
  });

  it.each(["0xnot-an-address", "0x0000000000000000000000000000000000000000"])("strips a referrer that is no one (%s) without forgetting the one kept", (ref) => {
    useAppStore.getState().setRef(REFERRER);
    stop = followReferralLinks();
    pasteLink(`#/?ref=${ref}`);
    expect(useAppStore.getState().ref).toBe(REFERRER);
    expect(window.location.hash).toBe("#/");
  });

  it("stops following the address when told", () => {
    stop = followReferralLinks();
    stop();
    pasteLink(`#/?ref=${OTHER}`);
    expect(useAppStore.getState().ref).toBe("");
  });
});

describe("query parameters", () => {
  it("defaults stype to 'default'", () => {
    expect(queryOf(new URLSearchParams("a=1"))).toEqual({ a: "1", stype: DEFAULT_STYPE });
    expect(queryOf(new URLSearchParams("stype=choose")).stype).toBe("choose");
  });
});
