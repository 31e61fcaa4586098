/** The app's languages and how a browser's language list maps onto them. */
export const LOCALES = ["en", "zh-Hans", "zh-Hant"] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = "en";

/** Where the user's choice of language is remembered. */
export const LOCALE_STORAGE_KEY = "am-locale";

const TRADITIONAL_REGIONS = new Set(["tw", "hk", "mo"]);

/** The app locale for one BCP 47 tag, or undefined when the app has no such language. */
export function localeForTag(tag: string): Locale | undefined {
  const parts = tag.toLowerCase().replace(/_/g, "-").split("-");
  if (parts[0] === "en") return "en";
  if (parts[0] !== "zh") return undefined;
  if (parts.includes("hant")) return "zh-Hant";
  if (parts.includes("hans")) return "zh-Hans";
  return parts.some((part) => TRADITIONAL_REGIONS.has(part)) ? "zh-Hant" : "zh-Hans";
}

/** The first of the browser's languages the app speaks; English when none. */
export function detectLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const locale = localeForTag(tag);
    if (locale) return locale;
  }
  return FALLBACK_LOCALE;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The remembered choice if there is a valid one, else what the browser asks for. */
export function initialLocale(storage: Pick<Storage, "getItem">, languages: readonly string[]): Locale {
  let remembered: string | null = null;
  try {
    remembered = storage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): fall back to detection.
  }
  return isLocale(remembered) ? remembered : detectLocale(languages);
}
