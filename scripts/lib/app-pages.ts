/**
 * The app's screens as the browser tests and the benchmark open them: in a phone-sized Chromium
 * context, titled by the app's own translations, with the query a route needs to show data, and
 * awaited until nothing on them is still loading.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import type { Browser, BrowserContext, Page } from "playwright-core";

import { DEMO_ADDRESS } from "./injected-wallet";

/** The app's languages, and the browser locale that picks each. */
export const LOCALES = { en: "en-US", "zh-Hans": "zh-CN", "zh-Hant": "zh-TW" } as const;
export type Language = keyof typeof LOCALES;

const TRANSLATIONS = path.resolve(__dirname, "../../web/src/i18n/locales");
const pageTitles = new Map<Language, Record<string, Record<string, string>>>();

/** The title a screen shows in `language`, by its key in pages.json ("titles.home"). */
export function titleOf(key: string, language: Language = "en"): string {
  let titles = pageTitles.get(language);
  if (!titles) {
    titles = JSON.parse(readFileSync(path.join(TRANSLATIONS, language, "pages.json"), "utf8")) as Record<string, Record<string, string>>;
    pageTitles.set(language, titles);
  }
  const [section, name] = key.split(".");
  return titles[section][name];
}

/** Routes that need a query to show what they are for: the member page shows Alice, who was seeded with data. */
const QUERIES: Record<string, string> = { "/pages/memberInfo/memberInfo": `?address=${DEMO_ADDRESS.alice}` };

/** `route` with the query it needs to show data, if any. */
export const withQuery = (route: string) => `${route}${QUERIES[route] ?? ""}`;

/** A new browser context the size of a phone (430 x 932 unless told; the app fits down to 360 px). */
export function newAppContext(browser: Browser, language: Language = "en", viewport = { width: 430, height: 932 }, { touch = false } = {}): Promise<BrowserContext> {
  // A touch screen is also a mobile browser (coarse pointer), as on a real phone.
  return browser.newContext({ viewport, locale: LOCALES[language], hasTouch: touch, isMobile: touch });
}

/** Resolves when no figure is still loading (nothing is aria-busy) and, given a `title`, the screen's heading says it. */
export async function settled(page: Page, options: { title?: string; timeoutMs?: number } = {}): Promise<void> {
  await page.waitForFunction(
    (title) => (title === null || document.querySelector("h1")?.textContent === title) && document.querySelectorAll('[aria-busy="true"]').length === 0,
    options.title ?? null,
    { timeout: options.timeoutMs ?? 30_000 },
  );
}
