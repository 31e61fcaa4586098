/**
 * i18next set up for the app: three languages, English as fallback, one JSON per namespace per
 * language. Only the languages in use are fetched (each JSON is its own chunk).
 */
import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";

import { FALLBACK_LOCALE, LOCALES, LOCALE_STORAGE_KEY, initialLocale, type Locale } from "./locale";
import { MISSING_KEY_MARK } from "./marks";

export const NAMESPACES = ["activity", "common", "console", "errors", "governance", "pages", "trade"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Loaded at start. The error messages, what priced actions show (bounds, price changes, fill
 *  limits) and what is said of the transactions sent (activity), come with the first page that can
 *  show them (routes.ts) or with the first message shown: the home page's first download does
 *  without them. */
const STARTUP_NAMESPACES: Namespace[] = ["common", "pages"];

/**
 * Resolves once `namespaces` are loaded in `language`; rejects when one could not be (the network
 * gone), so that what needs them fails where it stands and can retry. i18next never asks again
 * for a catalogue that failed once: those are asked for anew here.
 */
export async function loadMessages(namespaces: readonly Namespace[], language: string = i18next.language): Promise<void> {
  const missing = () => namespaces.filter((namespace) => !i18next.hasResourceBundle(language, namespace));
  if (missing().length > 0) await i18next.reloadResources([language], missing());
  if (missing().length > 0) throw new Error(`Messages not loaded: ${language} ${missing().join()}`);
}

/** What only pages (and the messages they show) need: loaded with the first page that can show them. */
const PAGE_NAMESPACES: Namespace[] = ["activity", "errors", "trade"];

/**
 * "pages" starts as its shell (build/pages-shell.ts: titles, menu, home...): the words of every
 * other page come with the first of them, and from then on every language loads whole.
 */
const SHELL_PAGES = import.meta.glob<Record<string, unknown>>("./locales/*/pages.json", { query: "?shell", import: "default" });
let wholePagesWanted = false;
/** "common" in each language, loaded at start. */
const STARTUP_COMMON = import.meta.glob<unknown>("./locales/*/common.json");
/** Languages whose "pages" is still only the shell. */
const shellOnly = new Set<string>();

/** Resolves once the messages only pages show are loaded in the current language. */
export async function loadPageMessages(): Promise<void> {
  wholePagesWanted = true;
  const language = i18next.language;
  // Asked for anew: the loader now gives the whole catalogue, added to the shell.
  if (shellOnly.has(language)) await i18next.reloadResources([language], ["pages"]);
  if (shellOnly.has(language)) throw new Error(`Messages not loaded: ${language} pages`);
  await i18next.loadNamespaces(PAGE_NAMESPACES);
  await loadMessages(PAGE_NAMESPACES);
}

export { MISSING_KEY_MARK };

async function loadNamespace(language: string, namespace: string): Promise<unknown> {
  if (namespace === "pages" && !wholePagesWanted) {
    const shell = await SHELL_PAGES[`./locales/${language}/pages.json`]();
    shellOnly.add(language);
    return shell;
  }
  // "common" is loaded at start: its map is here; every other catalogue's is in ./catalogues.ts.
  const messages: unknown = namespace === "common" ? await STARTUP_COMMON[`./locales/${language}/common.json`]() : await (await import("./catalogues")).catalogue(language, namespace);
  if (namespace === "pages") shellOnly.delete(language);
  return messages;
}

export async function initI18n(
  storage: Storage = window.localStorage,
  languages: readonly string[] = navigator.languages,
): Promise<typeof i18next> {
  const lng = initialLocale(storage, languages);
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend(loadNamespace))
    .init({
      lng,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      load: "currentOnly",
      ns: STARTUP_NAMESPACES,
      defaultNS: "common",
      interpolation: { escapeValue: false },
      parseMissingKeyHandler: (key) => `${MISSING_KEY_MARK} ${key}`,
      react: { useSuspense: false },
    });
  setDocumentLanguage(lng);
  i18next.on("languageChanged", (language) => {
    setDocumentLanguage(language as Locale);
    try {
      storage.setItem(LOCALE_STORAGE_KEY, language);
    } catch {
      // The choice just will not be remembered.
    }
  });
  return i18next;
}

function setDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
}

export { i18next };
