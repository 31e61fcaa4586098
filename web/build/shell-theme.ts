/**
 * The app shell in index.html paints before any stylesheet arrives, in the theme's colours: its
 * inline CSS uses the theme's custom properties, and this plugin puts the `:root { ... }` block of
 * src/styles/global.css (the one place they are defined) in front of it, in development and builds.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import type { Plugin } from "vite";

const GLOBAL_CSS = path.resolve(import.meta.dirname, "../src/styles/global.css");
const MARKER = "<!-- theme -->";

/** The `:root { ... }` rule of `css`, comments dropped and whitespace collapsed. */
export function rootRule(css: string): string {
  const match = /:root\s*\{[^}]*\}/.exec(css.replace(/\/\*[\s\S]*?\*\//g, ""));
  if (!match) throw new Error("src/styles/global.css has no :root rule for the app shell");
  return match[0].replace(/\s+/g, " ");
}

export function shellThemePlugin(): Plugin {
  return {
    name: "shell-theme",
    transformIndexHtml: (html) => {
      if (!html.includes(MARKER)) throw new Error(`index.html lacks the ${MARKER} marker for the app shell's colours`);
      return html.replace(MARKER, `<style>${rootRule(readFileSync(GLOBAL_CSS, "utf8"))}</style>`);
    },
  };
}
