/**
 * The one way the app names a page in a link or a navigation: href(path, query). Only the paths
 * of paths.ts compile, and only the query parameters a page reads, so tsc refuses a link to a page
 * that does not exist.
 */
import type { PagePath } from "./paths";

/** The query parameters a page reads, for the pages that read known ones (every page also gets `stype`, see page-props.ts). */
export interface PageQueries {
  /** `stype=choose` shows the token chooser instead of X's synthesis. */
  "/pages/index/miningX": { stype?: "choose" };
  /** The member shown. */
  "/pages/memberInfo/memberInfo": { address: string };
}

type QueryArgument<P extends PagePath> = P extends keyof PageQueries ? [query?: PageQueries[P]] : [];

/** The address (within the hash) of the page at `path`, with `query` when the page takes one. */
export function href<P extends PagePath>(path: P, ...[query]: QueryArgument<P>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
