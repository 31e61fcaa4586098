import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ROUTE_TABLE as ROUTES } from "../../web/src/app/route-table";
import { MISSING_KEY_MARK } from "../../web/src/i18n/marks";
import { ROOT } from "../../scripts/lib/stack";
import { RESULTS_DIR } from "./global-setup";
import { closeBrowser, openApp, type AppSession, type Language } from "./support/browser";
import { hardhatKey } from "../../scripts/lib/injected-wallet";

/** Alice (Hardhat account #1): seeded with records, team, orders and earnings, so pages show data. */
const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const SCREENSHOTS = path.join(RESULTS_DIR, "screenshots");
/** Routes that need a query to show what they are for. */
const QUERIES: Record<string, string> = { "/pages/memberInfo/memberInfo": `?address=${ALICE}` };

/** The title each page must show in `language`, from the app's own translations. */
function titleOf(language: Language, key: string): string {
  const pages = JSON.parse(readFileSync(path.join(ROOT, "web/src/i18n/locales", language, "pages.json"), "utf8")) as Record<string, Record<string, string>>;
  const [section, name] = key.split(".");
  return pages[section][name];
}

afterAll(closeBrowser);

const nameOf = (route: string) => (route === "/" ? "root" : route.split("/").filter(Boolean).slice(1).join("-"));

describe.each(["en", "zh-Hans", "zh-Hant"] as const)("every route in %s", (language) => {
  let app: AppSession;
  const folder = path.join(SCREENSHOTS, language);

  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    app = await openApp({ key: hardhatKey(1), language, route: "/" });
  });
  afterAll(async () => {
    await app.context.close();
  });

  it.each(ROUTES.map((route) => [route.path, route] as const))("%s renders without missing translations or console errors", async (_path, route) => {
    const { page } = app;
    app.errors.length = 0;
    await app.goto(`${route.path}${QUERIES[route.path] ?? ""}`);
    await page.locator('[data-testid^="page-"]').first().waitFor();
    // Settled: no figure still loading.
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 15_000 });
    const text = await page.locator("body").innerText();
    expect(text).not.toContain(MISSING_KEY_MARK);
    expect(text).toContain(titleOf(language, route.title));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    await page.screenshot({ path: path.join(folder, `${nameOf(route.path)}.png`), fullPage: true });
    expect(app.errors).toEqual([]);
  });
});
