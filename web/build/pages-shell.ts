/**
 * The "pages" messages the app needs before any page but home (`pages.json?shell`): the titles and
 * the menu, the home page and the member card on it, and units. The rest of the catalogue (every
 * other page's words, about 60% of it) loads with the first other page (i18n/index.ts,
 * loadPageMessages), so the first download does without it. The keys stay those of pages.json,
 * whole: the shell is a subset of it, never a second copy to keep in step.
 */
import type { Plugin } from "vite";

export const SHELL_SECTIONS: readonly string[] = ["titles", "menu", "units", "home", "account", "forms", "member"];

const SHELL_REQUEST = /[\\/]locales[\\/][^\\/]+[\\/]pages\.json\?shell$/;

export function shellOf(pages: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(SHELL_SECTIONS.filter((section) => section in pages).map((section) => [section, pages[section]]));
}

export function pagesShellPlugin(): Plugin {
  return {
    name: "pages-shell",
    // A module of its own: Vite's JSON plugin leaves a request with a query of its own alone.
    enforce: "pre",
    transform(code, id) {
      if (!SHELL_REQUEST.test(id)) return undefined;
      return { code: `export default ${JSON.stringify(shellOf(JSON.parse(code) as Record<string, unknown>))};`, map: null };
    },
  };
}
