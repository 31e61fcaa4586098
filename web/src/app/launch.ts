/**
 * What the page address carries at launch. `ref` (the referrer of a referral link) is read once,
 * kept in the store, and removed from the visible address without a reload.
 */
export interface LaunchParams {
  ref: string;
}

/** Reads `ref` from the hash's query (`#/?ref=…`, the referral link) or the page's query, and
 *  returns the address without it (or null when nothing changes). */
export function takeLaunchParams(href: string): { params: LaunchParams; cleanHref: string | null } {
  const url = new URL(href);
  const hash = url.hash.startsWith("#") ? url.hash.slice(1) : url.hash;
  const [hashPath, hashQuery = ""] = hash.split("?", 2);
  const hashParams = new URLSearchParams(hashQuery);
  const ref = (hashParams.get("ref") ?? url.searchParams.get("ref") ?? "").trim();
  const carried = hashParams.has("ref") || url.searchParams.has("ref");
  if (!carried) return { params: { ref }, cleanHref: null };
  hashParams.delete("ref");
  url.searchParams.delete("ref");
  const rest = hashParams.toString();
  url.hash = `${hashPath || "/"}${rest ? `?${rest}` : ""}`;
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
