/**
 * What the page address carries at launch. `ref` (the referrer of a referral link) is read once,
 * kept in the store, and removed from the visible address without a reload.
 */
import { readHash, writeHash } from "@/lib/routing/hash-address";

export interface LaunchParams {
  ref: string;
}

/** Reads `ref` from the hash's query (`#/?ref=…`, the referral link) or the page's query, and
 *  returns the address without it (or null when nothing changes). */
export function takeLaunchParams(href: string): { params: LaunchParams; cleanHref: string | null } {
  const url = new URL(href);
  const address = readHash(url);
  const ref = (address.params.get("ref") ?? url.searchParams.get("ref") ?? "").trim();
  const carried = address.params.has("ref") || url.searchParams.has("ref");
  if (!carried) return { params: { ref }, cleanHref: null };
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
