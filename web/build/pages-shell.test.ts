import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { SHELL_SECTIONS, shellOf } from "./pages-shell";

const LOCALES = path.resolve(import.meta.dirname, "../src/i18n/locales");

describe("the pages shell", () => {
  it.each(["en", "zh-Hans", "zh-Hant"])("is the shell's sections of %s pages.json, whole, and nothing else", (language) => {
    const pages = JSON.parse(readFileSync(path.join(LOCALES, language, "pages.json"), "utf8")) as Record<string, unknown>;
    const shell = shellOf(pages);
    expect(Object.keys(shell)).toEqual(SHELL_SECTIONS);
    for (const section of SHELL_SECTIONS) expect(shell[section]).toEqual(pages[section]);
    expect(JSON.stringify(shell).length).toBeLessThan(JSON.stringify(pages).length / 2);
  });
});
