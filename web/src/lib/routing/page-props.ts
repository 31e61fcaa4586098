/**
 * What every page receives from the router (its query, `stype` defaulted) and how it is titled.
 * React-free, so that components and features type their pages without importing the app.
 */
import type { ParseKeys } from "i18next";

import { PAGES } from "./paths";

/** A key of the 'pages' namespace: a page's title or a menu label. */
export type PageKey = ParseKeys<"pages">;

export interface PageProps {
  /** The page address's query parameters; `stype` is 'default' when absent. */
  query: Readonly<Record<string, string>>;
}

export const DEFAULT_STYPE = "default";

/** The query a page gets from its address's parameters (docs/product/screens.md §2: every page gets them; `stype` defaults). */
export function queryOf(searchParams: URLSearchParams): Record<string, string> {
  return { stype: DEFAULT_STYPE, ...Object.fromEntries(searchParams) };
}

const TITLES: ReadonlyMap<string, PageKey> = new Map((PAGES satisfies readonly { path: string; title: PageKey }[]).map((page) => [page.path, page.title]));

/** The title key of the page at `pathname`, if the app has a page there. */
export function pageTitleOf(pathname: string): PageKey | undefined {
  return TITLES.get(pathname);
}
