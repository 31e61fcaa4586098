/**
 * The page's address inside the hash of a hash-routed URL (`#/path?query`): the path and its query
 * apart, and put back together. Launch reads `ref` from it and takes it out; the wallet-app links
 * put it back in.
 */
export interface HashAddress {
  path: string;
  params: URLSearchParams;
}

export function readHash(url: URL): HashAddress {
  const hash = url.hash.startsWith("#") ? url.hash.slice(1) : url.hash;
  // The query is all after the first '?': a value may hold another ('ref=a?b=c').
  const mark = hash.indexOf("?");
  const path = mark < 0 ? hash : hash.slice(0, mark);
  const query = mark < 0 ? "" : hash.slice(mark + 1);
  return { path, params: new URLSearchParams(query) };
}

/** Sets `url`'s hash to `address` (the root path when it has none). */
export function writeHash(url: URL, { path, params }: HashAddress): void {
  const query = params.toString();
  url.hash = `${path || "/"}${query ? `?${query}` : ""}`;
}
