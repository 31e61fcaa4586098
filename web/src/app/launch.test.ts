import { describe, expect, it, vi } from "vitest";

import { DEFAULT_STYPE, queryOf } from "@/lib/routing/page-props";
import { useAppStore } from "@/store";

import { applyLaunchParams, takeLaunchParams } from "./launch";

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

  it("keeps ref in the store for the session only", () => {
    useAppStore.getState().setRef(REFERRER);
    expect(useAppStore.getState().ref).toBe(REFERRER);
    expect(window.localStorage.getItem("am-local") ?? "").not.toContain(REFERRER);
  });
});

describe("query parameters", () => {
  it("defaults stype to 'default'", () => {
    expect(queryOf(new URLSearchParams("a=1"))).toEqual({ a: "1", stype: DEFAULT_STYPE });
    expect(queryOf(new URLSearchParams("stype=choose")).stype).toBe("choose");
  });
});
