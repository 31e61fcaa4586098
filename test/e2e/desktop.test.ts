/**
 * The layouts of docs/product/screens.md §3, measured by element boxes at 360, 768, 1024 (the first
 * desktop width, beside its navigation), 1280 and 1920 px
 * in the three languages, signed in with the dev wallet (whose DEV mark is on the wallet chip):
 * - from 1024 px the navigation is in view without opening a menu, every entry of it inside the
 *   window, and no menu button; below, the menu is a drawer behind its button;
 * - the content uses the width: the whole phone at 360 px, more than 700 px at 768 and at 1024 (the
 *   navigation beside it), more than 900 at 1280, at most 1,200 at 1920;
 * - forms beside what they act on from 768 px (synthesis beside its records and terms, the market's
 *   forms beside the order queue, the earnings beside the past claims); the sale list two orders
 *   across on a tablet, a table with a column per figure on a desktop;
 * - nothing wider than the window, no heading, button, navigation entry or address cut or
 *   wrapped, no word of a table's heading broken (support/layout.ts, screenProblems).
 * Then every page is reached (Buy ACB from the navigation), addresses open their member's page,
 * and a desktop's first load does not shift.
 * One browser and one page per language, the window resized between widths.
 */
import path from "node:path";
import { mkdirSync } from "node:fs";

import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { settled, type Language } from "../../scripts/lib/app-pages";
import { DEMO_ADDRESS } from "../../scripts/lib/injected-wallet";
import { RESULTS_DIR } from "./global-setup";
import { card, figure, openApp, type AppSession } from "./support/browser";
import { said } from "./support/catalogue";
import { expectLayoutShiftAtMost, recordLayoutShifts, screenProblems } from "./support/layout";

const SCREENSHOTS = path.join(RESULTS_DIR, "screenshots", "widths");

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const [PHONE, , , LAPTOP] = WIDTHS;

/** The main pages (docs/product/screens.md §2), each with the query it needs to show data. */
const SCREENS = {
  home: "/",
  mining: "/pages/index/miningUsdt",
  exchange: "/pages/index/exchangeACB",
  market: "/pages/index/exchangeMV",
  salelist: "/pages/index/salelist",
  earnings: "/pages/index/myProfile",
  team: "/pages/index/myTeam",
  links: "/pages/index/myLink",
  query: "/pages/index/query",
  member: `/pages/memberInfo/memberInfo?address=${DEMO_ADDRESS.alice}`,
  records: "/pages/machineRecord/machineRecord",
  terms: "/pages/terms/terms",
} as const;

/** The entries of the navigation that must be in view on a desktop: the product's main sections. */
const MAIN_SECTIONS = ["titles.home", "menu.mining", "titles.exchangeACB", "titles.exchangeUTOACB", "titles.exchangeMV", "titles.myProfile", "titles.myTeam", "titles.myLink", "titles.query"];

type Box = { left: number; top: number; right: number; bottom: number; width: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { left: rect.left, top: rect.top + window.scrollY, right: rect.right, bottom: rect.bottom + window.scrollY, width: rect.width };
  });
  return box;
}

/** `a` and `b` side by side: `b` starts right of where `a` ends, and their spans of height overlap. */
function expectBeside(a: Box, b: Box, what: string): void {
  expect(b.left, `${what}: beside`).toBeGreaterThanOrEqual(a.right);
  expect(Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top), `${what}: level`).toBeGreaterThan(0);
}

/** The card holding the button named `name` (a form's card has no title). */
const cardWith = (page: Page, name: string) => page.locator("section").filter({ has: page.getByRole("button", { name, exact: true }) }).last();

async function open(app: AppSession, route: string): Promise<void> {
  await app.goto(route);
  await app.page.locator('[data-testid^="page-"]').first().waitFor();
  await settled(app.page, { timeoutMs: 15_000 });
}

describe.each(["en", "zh-Hans", "zh-Hant"] as const)("the layouts in %s", (language: Language) => {
  let app: AppSession;
  const say = (key: string) => said(`pages:${key}`, language);

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    app = await openApp({ key: null, language, route: "/", viewport: PHONE });
    // The dev wallet (Alice, seeded with records, team, orders and earnings): its DEV mark is on the chip.
    await app.page.getByRole("banner").getByRole("button", { name: said("common:wallet.connectShort", language), exact: true }).click();
    await app.page.getByRole("menuitem", { name: said("common:wallet.devWallet", language) }).click();
    await app.page.getByRole("banner").getByText(said("common:wallet.devBadge", language), { exact: true }).waitFor();
  });
  afterAll(async () => {
    await app.context.close();
  });

  describe.each(WIDTHS)("$width px wide", (viewport) => {
    const desktop = viewport.width >= 1024;
    const wide = viewport.width >= 768;

    beforeAll(async () => {
      await app.page.setViewportSize(viewport);
    });

    it.each(Object.entries(SCREENS))("%s: navigation, width, panes, nothing cut or wrapped", async (name, route) => {
      const { page } = app;
      app.errors.length = 0;
      await open(app, route);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${viewport.width}-${language}-${name}.png`), fullPage: true });

      // The navigation: in view with every main section on a desktop; behind the menu button below.
      const nav = page.getByRole("navigation", { name: said("common:nav.menu", language), exact: true });
      const menuButton = page.getByRole("banner").getByRole("button", { name: said("common:nav.menu", language), exact: true });
      if (desktop) {
        await nav.waitFor();
        expect(await menuButton.filter({ visible: true }).count()).toBe(0);
        for (const key of MAIN_SECTIONS) {
          const entry = nav.getByRole("link", { name: say(key), exact: true });
          const box = (await entry.boundingBox())!;
          expect(box, say(key)).not.toBeNull();
          expect(box.y, `${say(key)} in view`).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height, `${say(key)} in view`).toBeLessThanOrEqual(viewport.height);
        }
        const navBox = (await nav.boundingBox())!;
        expect(navBox.x).toBe(0);
      } else {
        expect(await nav.count()).toBe(0);
        expect(await menuButton.isVisible()).toBe(true);
      }

      // The content's width.
      const main = await boxOf(page.getByRole("main"));
      if (viewport.width === 360) expect(main.width).toBe(360);
      else if (viewport.width < 1280) expect(main.width).toBeGreaterThan(700);
      else expect(main.width).toBeGreaterThan(900);
      expect(main.width).toBeLessThanOrEqual(1200);

      // Forms beside what they act on, from 768 px.
      if (wide && name === "mining") {
        const form = await boxOf(cardWith(page, said("pages:mining.confirm", language)));
        expectBeside(form, await boxOf(card(page, said("pages:mining.records", language))), "synthesis form and its records");
        expectBeside(form, await boxOf(figure(page, said("pages:mining.multiple", language))), "synthesis form and its terms");
      }
      if (wide && name === "market") {
        const queue = await boxOf(card(page, say("market.ranking")));
        expectBeside(await boxOf(card(page, say("market.list"))), queue, "listing form and the order queue");
        expect((await boxOf(card(page, say("market.buy")))).right).toBeLessThanOrEqual(queue.left);
      }
      if (wide && name === "earnings") {
        const claims = await boxOf(card(page, said("activity:history.claims", language)));
        expectBeside(await boxOf(figure(page, say("profile.acbPrice"))), claims, "the earnings and the past claims");
        expect((await boxOf(cardWith(page, say("profile.claimRevenue")))).right).toBeLessThanOrEqual(claims.left);
      }
      if (name === "salelist") {
        // A desktop's table: a heading per column, an order's figures on one line. A tablet's: two
        // orders across. A phone's: one, its figures in two rows.
        const ranking = card(page, say("market.ranking"));
        const orders = ranking.getByRole("listitem");
        const remaining = await boxOf(figure(orders.first(), say("market.remaining")));
        const total = await boxOf(figure(orders.first(), say("market.total")));
        expect(await ranking.getByText(say("market.seller"), { exact: true }).isVisible()).toBe(desktop);
        if (desktop) {
          expect(total.top).toBe(remaining.top);
          expect(total.left).toBeGreaterThan(remaining.right);
        } else {
          expect(total.top).toBeGreaterThan(remaining.top);
          if (wide) expectBeside(await boxOf(orders.nth(0)), await boxOf(orders.nth(1)), "two orders across");
        }
      }

      expect(await screenProblems(page)).toEqual([]);
      expect(app.errors).toEqual([]);
    });
  });

  it("reaches Buy ACB from the navigation, and the ACB exchange from it", async () => {
    const { page } = app;
    await page.setViewportSize(LAPTOP);
    await open(app, "/");
    const nav = page.getByRole("navigation", { name: said("common:nav.menu", language), exact: true });
    await nav.getByRole("link", { name: say("titles.exchangeUTOACB"), exact: true }).click();
    await settled(page, { title: say("titles.exchangeUTOACB") });
    expect(page.url()).toMatch(/#\/pages\/index\/exchangeUTOACB$/);
    await page.getByRole("main").getByRole("link", { name: say("titles.exchangeACB"), exact: true }).click();
    await settled(page, { title: say("titles.exchangeACB") });
    // On a phone, from the menu.
    await page.setViewportSize(PHONE);
    await page.getByRole("banner").getByRole("button", { name: said("common:nav.menu", language), exact: true }).click();
    await nav.getByRole("link", { name: say("titles.exchangeUTOACB"), exact: true }).click();
    await settled(page, { title: say("titles.exchangeUTOACB") });
  });

  it("opens a member's page from an address: a seller, a member of the team, the last miner", async () => {
    const { page } = app;
    await page.setViewportSize(LAPTOP);
    const member = say("titles.memberInfo");
    const opens = async (link: Locator) => {
      const address = await link.getAttribute("title");
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      await link.click();
      await settled(page, { title: member });
      expect(await figure(page, said("pages:query.address", language)).textContent()).toBe(address);
    };
    await open(app, SCREENS.salelist);
    await opens(card(page, say("market.ranking")).getByRole("link", { name: /^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/ }).first());
    await open(app, SCREENS.team);
    await opens(page.getByRole("table").getByRole("link").first());
    await open(app, SCREENS.home);
    await opens(figure(page, say("home.lastMiner")).getByRole("link"));
  });

  it("draws a desktop's first screen without a layout shift", async () => {
    const { page } = app;
    await page.setViewportSize(LAPTOP);
    await recordLayoutShifts(page);
    await open(app, "/");
    await page.reload();
    await figure(page, say("home.luckyPool")).filter({ hasText: "USDT" }).waitFor();
    await settled(page);
    await page.waitForTimeout(500);
    await expectLayoutShiftAtMost(page, 0.02);
    // The header React draws is where the shell's was, right of the navigation's room.
    expect(await page.getByRole("banner").boundingBox()).toMatchObject({ x: 240, y: 0, height: 52 });
  });
});
