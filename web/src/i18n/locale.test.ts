import { describe, expect, it } from "vitest";

import { LOCALE_STORAGE_KEY, detectLocale, initialLocale, localeForTag } from "./locale";

describe("locale detection", () => {
  it.each([
    ["zh-TW", "zh-Hant"],
    ["zh-HK", "zh-Hant"],
    ["zh-MO", "zh-Hant"],
    ["zh-Hant", "zh-Hant"],
    ["zh-Hant-TW", "zh-Hant"],
    ["zh_TW", "zh-Hant"],
    ["zh-CN", "zh-Hans"],
    ["zh-SG", "zh-Hans"],
    ["zh", "zh-Hans"],
    ["zh-Hans-HK", "zh-Hans"],
    ["en-GB", "en"],
    ["en", "en"],
  ])("maps %s to %s", (tag, locale) => {
    expect(localeForTag(tag)).toBe(locale);
  });

  it("takes the first language the app speaks", () => {
    expect(detectLocale(["fr-FR", "zh-HK", "en"])).toBe("zh-Hant");
    expect(detectLocale(["de", "en-US", "zh-CN"])).toBe("en");
  });

  it("falls back to English", () => {
    expect(detectLocale(["fr", "ja"])).toBe("en");
    expect(detectLocale([])).toBe("en");
  });

  it("prefers the remembered choice over the browser", () => {
    const storage = new Map([[LOCALE_STORAGE_KEY, "zh-Hant"]]);
    expect(initialLocale({ getItem: (key) => storage.get(key) ?? null }, ["en"])).toBe("zh-Hant");
  });

  it("ignores a remembered value that is not a locale", () => {
    expect(initialLocale({ getItem: () => "klingon" }, ["zh-CN"])).toBe("zh-Hans");
    expect(
      initialLocale(
        {
          getItem: () => {
            throw new Error("blocked");
          },
        },
        ["zh-TW"],
      ),
    ).toBe("zh-Hant");
  });
});
