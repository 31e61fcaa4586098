/**
 * What the page address carries. `ref` (the referrer of a referral link) is read at launch and
 * from every address the tab moves to later (a link pasted into a tab that already shows the app),
 * kept in the store's user part, which the device keeps over reloads, and removed from the visible
 * address without a reload.
 */
import { readHash, writeHash } from "@/lib/routing/hash-address";
import { useAppStore } from "@/store";
import { isReferrerText } from "@/store/user-slice";

export interface LaunchParams {
  ref: string;
}

/** Longer than any route: a longer hash path is cut before the router reads it (one of 100,000
 *  segments took the router 45 s to match); what is left is an unknown page. */
export const MAX_ROUTE_PATH = 256;

/** Reads `ref` from the hash's query (`#/?ref=…`, the referral link) or the page's query, and
 *  returns the address without it, its path cut to MAX_ROUTE_PATH (or null when nothing changes). */
export function takeLaunchParams(href: string): { params: LaunchParams; cleanHref: string | null } {
  const url = new URL(href);
  const address = readHash(url);
  const ref = (address.params.get("ref") ?? url.searchParams.get("ref") ?? "").trim();
  const carried = address.params.has("ref") || url.searchParams.has("ref");
  const tooLong = address.path.length > MAX_ROUTE_PATH;
  if (!carried && !tooLong) return { params: { ref }, cleanHref: null };
  address.path = address.path.slice(0, MAX_ROUTE_PATH);
  address.params.delete("ref");
  url.searchParams.delete("ref");
  writeHash(url, address);
  return { params: { ref }, cleanHref: url.toString() };
}

export function applyLaunchParams(
  location: Pick<Location, "href"> = window.location,
  history: Pick<History, "replaceState" | "state"> = window.history,
): LaunchParams {
  const { params, cleanHref } = takeLaunchParams(location.href);
  if (cleanHref) history.replaceState(history.state, "", cleanHref);
  return params;
}

type Tab = Pick<Window, "location" | "history" | "addEventListener" | "removeEventListener">;

/**
 * Takes the referrer out of the address now and whenever the address changes (the hash router's
 * `popstate`, and `hashchange`): one that has an address's form replaces the referrer kept (the
 * register page checks its checksum), anything else is only removed from the address. Called before the router starts, so its listener runs first and
 * the router reads the address already cleaned. Returns how to stop.
 */
export function followReferralLinks(tab: Tab = window): () => void {
  const take = () => {
    const { ref } = applyLaunchParams(tab.location, tab.history);
    if (isReferrerText(ref)) useAppStore.getState().setRef(ref);
  };
  take();
  tab.addEventListener("popstate", take);
  tab.addEventListener("hashchange", take);
  return () => {
    tab.removeEventListener("popstate", take);
    tab.removeEventListener("hashchange", take);
  };
}
