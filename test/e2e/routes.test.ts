import { mkdirSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MISSING_KEY_MARK } from "../../web/src/i18n/marks";
import { PAGES } from "../../web/src/lib/routing/paths";
import { settled, titleOf, withQuery } from "../../scripts/lib/app-pages";
import { DEMO_KEY } from "../../scripts/lib/injected-wallet";
import { RESULTS_DIR } from "./global-setup";
import { openApp, type AppSession } from "./support/browser";
import { axeViolations, layoutProblems } from "./support/layout";

const SCREENSHOTS = path.join(RESULTS_DIR, "screenshots");

const nameOf = (route: string) => (route === "/" ? "root" : route.split("/").filter(Boolean).slice(1).join("-"));

/** The narrowest phone the app is made for: what fits here fits on every larger one. */
const PHONE = { width: 360, height: 740 };

describe.each(["en", "zh-Hans", "zh-Hant"] as const)("every route in %s, 360 px wide", (language) => {
  let app: AppSession;
  const folder = path.join(SCREENSHOTS, language);

  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    // Alice: seeded with records, team, orders and earnings, so pages show data.
    app = await openApp({ key: DEMO_KEY.alice, language, route: "/", viewport: PHONE });
  });
  afterAll(async () => {
    await app.context.close();
  });

  it.each(PAGES.map((route) => [route.path, route] as const))("%s renders without missing translations, console errors, cut or wrapped text, or axe violations", async (_path, route) => {
    const { page } = app;
    app.errors.length = 0;
    await app.goto(withQuery(route.path));
    await page.locator('[data-testid^="page-"]').first().waitFor();
    // Settled: no figure still loading.
    await settled(page, { timeoutMs: 15_000 });
    const text = await page.locator("body").innerText();
    expect(text).not.toContain(MISSING_KEY_MARK);
    expect(text).toContain(titleOf(route.title, language));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    await page.screenshot({ path: path.join(folder, `${nameOf(route.path)}.png`), fullPage: true });
    expect(app.errors).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("an address opened while the app starts", () => {
  let app: AppSession;
  beforeAll(async () => {
    app = await openApp({ key: null, language: "en", route: "/", viewport: PHONE });
  });
  afterAll(async () => {
    await app.context.close();
  });

  // The first screen renders in slices (web/src/start.tsx): a link pasted into the address bar
  // meanwhile must win over the address the render began with. A phone's slower CPU (6x) makes the
  // start long enough that some of these moments fall inside the render.
  it.each([0, 100, 200, 300, 400, 500, 600, 700, 800, 900])("is followed when it comes %i ms into a reload", async (delayMs) => {
    const { page } = app;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    try {
      await app.goto("/");
      await page.reload({ waitUntil: "commit" });
      await page.waitForTimeout(delayMs);
      await page.evaluate(() => {
        window.location.hash = "#/pages/register/register";
      });
      await page.getByTestId("page-register").waitFor({ timeout: 20_000 });
      expect(await page.getByTestId("page-home").count()).toBe(0);
    } finally {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await cdp.detach();
    }
  });
});
