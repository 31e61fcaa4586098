import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { SHELL, shellOf } from "./pages-shell";

const SRC = path.resolve(import.meta.dirname, "../src");
const LOCALES = path.join(SRC, "i18n/locales");

const pagesOf = (language: string) => JSON.parse(readFileSync(path.join(LOCALES, language, "pages.json"), "utf8")) as Record<string, Record<string, unknown>>;

/** The "pages" keys (`t("section.key")`) of what home draws before any other page: the home
 *  page, the member card on it, the layout. */
function keysHomeUses(): string[] {
  const files = [
    ...readdirSync(path.join(SRC, "features/home")).map((file) => path.join(SRC, "features/home", file)),
    path.join(SRC, "widgets/member-card.tsx"),
    ...readdirSync(path.join(SRC, "app/layout")).map((file) => path.join(SRC, "app/layout", file)),
  ].filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file));
  const keys = new Set<string>();
  for (const file of files) for (const [, key] of readFileSync(file, "utf8").matchAll(/\bt\("([a-z][A-Za-z]*\.[A-Za-z]+)"/g)) keys.add(key!);
  return [...keys];
}

describe("the pages shell", () => {
  it.each(["en", "zh-Hans", "zh-Hant"])("is the shell's keys of %s pages.json, as they are there, and nothing else", (language) => {
    const pages = pagesOf(language);
    const shell = shellOf(pages) as Record<string, Record<string, unknown>>;
    expect(Object.keys(shell)).toEqual(Object.keys(SHELL));
    for (const [section, keys] of Object.entries(SHELL)) {
      if (keys === "whole") expect(shell[section]).toEqual(pages[section]);
      // Every key named is still in the catalogue: a renamed one would be missing on home.
      else expect(shell[section]).toEqual(Object.fromEntries(keys.map((key) => [key, pages[section]![key] ?? `missing ${key}`])));
    }
    expect(JSON.stringify(shell).length).toBeLessThan(JSON.stringify(pages).length / 2);
  });

  it("holds every 'pages' word the home page, its member card and the layout use", () => {
    const shell = shellOf(pagesOf("en")) as Record<string, Record<string, unknown>>;
    const used = keysHomeUses();
    expect(used).toContain("account.title");
    expect(used).toContain("home.whyLogin");
    const missing = used.filter((key) => {
      const [section, name] = key.split(".") as [string, string];
      return section in pagesOf("en") && shell[section]?.[name] === undefined;
    });
    expect(missing).toEqual([]);
  });
});
