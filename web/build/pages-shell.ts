/**
 * The "pages" messages the app needs before any page but home (`pages.json?shell`): the titles and
 * the menu, the home page and the member card on it, and units. The rest of the catalogue (every
 * other page's words, about 60% of it) loads with the first other page (i18n/index.ts,
 * loadPageMessages), so the first download does without it. The keys stay those of pages.json:
 * the shell is a subset of it, never a second copy to keep in step.
 */
import type { Plugin } from "vite";

/** What the shell takes of each section: all of it, or the keys named (the member card's words of
 *  sections whose other keys are the account pages'). */
export const SHELL: Readonly<Record<string, "whole" | readonly string[]>> = {
  titles: "whole",
  menu: "whole",
  units: "whole",
  home: "whole",
  account: ["title", "wallet"],
  forms: ["account", "referrer"],
  member: ["registeredAt"],
};

const SHELL_REQUEST = /[\\/]locales[\\/][^\\/]+[\\/]pages\.json\?shell$/;

export function shellOf(pages: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(SHELL)
      .filter(([section]) => section in pages)
      .map(([section, keys]) => {
        const words = pages[section] as Record<string, unknown>;
        return [section, keys === "whole" ? words : Object.fromEntries(keys.filter((key) => key in words).map((key) => [key, words[key]]))];
      }),
  );
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
