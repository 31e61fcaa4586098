/**
 * The network lost (or a deployment that replaced the app's files) while the app is open: every
 * lazily loaded part (a page, the menu, a message catalogue, a card) fails where it stands, says
 * why in the user's language, and comes back with Retry (or a reload, after a deployment); the
 * navigation bar and the rest of the page stay.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";

import { Wallet } from "ethers";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";

import { MISSING_KEY_MARK } from "../../web/src/i18n/marks";
import { PERSIST_VERSION, STORAGE_KEY } from "../../web/src/store/persistence";
import { login } from "../../scripts/lib/account-api-client";
import { settled, titleOf, type Language } from "../../scripts/lib/app-pages";
import { DEMO_ADDRESS, DEMO_KEY } from "../../scripts/lib/injected-wallet";
import { RESULTS_DIR } from "./global-setup";
import { figure, openApp } from "./support/browser";
import { filesOfModule } from "./support/build";
import { said as message } from "./support/catalogue";

const PHONE = { width: 360, height: 740 };
const SHOTS = path.join(RESULTS_DIR, "screenshots", "offline");

/** A message of the catalogue loaded at start (common.json), in `language`, with its values put in. */
function common(language: Language, key: string, values: Record<string, string> = {}): string {
  return message(`common:${key}`, language, values);
}

/** A picture of the screen as it is, under test-results/screenshots/offline/. */
async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** The menu button of the navigation bar, and the menu it opens (found even closed, when it is hidden from assistive technology). */
const menuButton = (page: Page, language: Language = "en") => page.getByRole("button", { name: common(language, "nav.menu"), exact: true });
const sidebar = (page: Page, language: Language = "en") => page.getByRole("navigation", { name: common(language, "nav.menu"), exact: true, includeHidden: true });

/**
 * Waits a while for a failure to be said, keeps a picture of the screen whatever it shows, then
 * checks that the app is still there (its navigation bar, titled `title`) and says the failure in place:
 * an alert with its way out (Retry, or Reload after a deployment), in `language`.
 */
async function failureShown(page: Page, name: string, title: string, language: Language = "en") {
  const wayOut = new RegExp(`^(${common(language, "loading.retry")}|${common(language, "loading.reload")})$`);
  const failure = page.getByRole("alert").filter({ has: page.getByRole("button", { name: wayOut }) });
  await failure.waitFor({ timeout: 10_000 }).catch(() => undefined);
  await screenshot(page, name);
  const bar = page.getByRole("banner");
  expect(await bar.isVisible(), "the navigation bar stays").toBe(true);
  expect(await bar.getByRole("heading", { level: 1 }).textContent()).toBe(title);
  expect(await failure.isVisible(), "the failure is said in place").toBe(true);
  return failure;
}

const bodyText = (page: Page) => page.locator("body").innerText();

describe("the network lost while the app is open", () => {
  it("the menu cannot load: the page and its navigation bar stay, the menu says why in place, and Retry opens it once the network is back", async () => {
    const app = await openApp({ key: DEMO_KEY.alice, route: "/", viewport: PHONE });
    const { page, context } = app;
    await settled(page, { title: titleOf("titles.home") });
    await context.setOffline(true);
    await menuButton(page).click();

    const failure = await failureShown(page, "menu", titleOf("titles.home"));
    expect(await page.getByTestId("page-home").isVisible()).toBe(true);
    expect(await failure.innerText()).toContain(common("en", "loading.offline"));

    await context.setOffline(false);
    await failure.getByRole("button", { name: common("en", "loading.retry") }).click();
    const menu = sidebar(page);
    await menu.waitFor();
    // Its stylesheet, which failed too, came with it: the drawer is laid out as one.
    await expect.poll(() => menu.evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
    expect(await failure.count()).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.getAttribute("aria-hidden")).toBe("true");
    await context.close();
  });

  it("a page never opened, after 中文 was chosen: the navigation bar stays, the failure is said in Chinese, and Retry loads the page once online", async () => {
    const app = await openApp({ key: DEMO_KEY.alice, route: "/", viewport: PHONE });
    const { page, context } = app;
    await settled(page, { title: titleOf("titles.home") });
    await menuButton(page).click();
    await sidebar(page).getByRole("combobox").selectOption("zh-Hans");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("zh-Hans");
    await page.keyboard.press("Escape");

    await context.setOffline(true);
    await menuButton(page, "zh-Hans").click();
    await sidebar(page, "zh-Hans").getByRole("link", { name: titleOf("titles.myTeam", "zh-Hans") }).click();

    const failure = await failureShown(page, "page-zh-Hans", titleOf("titles.myTeam", "zh-Hans"), "zh-Hans");
    expect(await failure.innerText()).toContain(common("zh-Hans", "loading.offline"));
    expect(await bodyText(page)).not.toContain(MISSING_KEY_MARK);
    // The menu still opens (its code is there), in Chinese.
    await menuButton(page, "zh-Hans").click();
    await sidebar(page, "zh-Hans").getByRole("link", { name: titleOf("titles.home", "zh-Hans") }).waitFor();
    await page.keyboard.press("Escape");

    await context.setOffline(false);
    await failure.getByRole("button", { name: common("zh-Hans", "loading.retry") }).click();
    await page.getByTestId("page-myTeam").waitFor();
    await settled(page, { title: titleOf("titles.myTeam", "zh-Hans") });
    expect(await bodyText(page)).not.toContain(MISSING_KEY_MARK);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-Hans");
    await context.close();
  });

  it("switching the language offline says it failed, and the current language stays in use; online, the switch works", async () => {
    const app = await openApp({ key: DEMO_KEY.alice, route: "/", viewport: PHONE });
    const { page, context } = app;
    await settled(page, { title: titleOf("titles.home") });
    await menuButton(page).click();
    const menu = sidebar(page);
    await menu.getByRole("link", { name: titleOf("titles.home") }).waitFor();

    await context.setOffline(true);
    await menu.getByRole("combobox").selectOption("zh-Hant");
    // Said under the switch, in the menu: its one alert.
    const said = menu.getByRole("alert");
    await said.waitFor({ timeout: 10_000 }).catch(() => undefined);
    await screenshot(page, "language");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await menu.getByRole("combobox").inputValue()).toBe("en");
    expect(await said.textContent()).toBe(common("en", "language.failed", { language: common("en", "language.zh-Hant") }));
    expect(await menu.getByRole("link", { name: titleOf("titles.myTeam") }).isVisible()).toBe(true);
    expect(await bodyText(page)).not.toContain(MISSING_KEY_MARK);

    await context.setOffline(false);
    await menu.getByRole("combobox").selectOption("zh-Hant");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("zh-Hant");
    // The menu is named in the new language now.
    const switched = sidebar(page, "zh-Hant");
    await switched.getByRole("link", { name: titleOf("titles.myTeam", "zh-Hant") }).waitFor();
    expect(await switched.getByRole("alert").count()).toBe(0);
    await context.close();
  });

  it("a card loaded on demand (the member's, signed in) fails in place, the rest of home works, and Retry shows it once it can load", async () => {
    const reply = await login({ url: inject("stack").webUrl }, new Wallet(DEMO_KEY.alice));
    expect(reply.status).toBe(200);
    const token = (reply.body as { token: string }).token;
    const account = DEMO_ADDRESS.alice.toLowerCase();
    const stored = JSON.stringify({ state: { user: { account, token }, sessions: { [account]: token } }, version: PERSIST_VERSION });

    const app = await openApp({ key: DEMO_KEY.alice, route: "/pages/bind/bind", viewport: PHONE });
    const { page, context } = app;
    await page.getByTestId("page-bind").waitFor();
    // Signed in, home: but the member card's code cannot be fetched (the network cut for it alone).
    const cardCode = filesOfModule("src/widgets/member-card.tsx");
    await page.route(cardCode, (route) => route.abort("internetdisconnected"));
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [STORAGE_KEY, stored] as const);
    await page.evaluate(() => {
      window.location.hash = "#/";
    });
    await page.reload();

    const failure = await failureShown(page, "member-card", titleOf("titles.home"));
    expect(await failure.innerText()).toContain(common("en", "loading.offline"));
    await figure(page, "Lucky reward pool").filter({ hasText: "USDT" }).waitFor();

    await page.unroute(cardCode);
    await failure.getByRole("button", { name: common("en", "loading.retry") }).click();
    await figure(page, "Account").waitFor();
    expect(await failure.count()).toBe(0);
    await context.close();
  });
});

describe("a deployment replaced the files an open tab expects", () => {
  it("a page whose code is gone says a new version is out and offers a reload, which opens the page", async () => {
    const app = await openApp({ key: DEMO_KEY.alice, route: "/", viewport: PHONE });
    const { page, context } = app;
    await settled(page, { title: titleOf("titles.home") });
    // As after a deployment: this build's chunks of the page are no longer on the server.
    const pageCode = filesOfModule("src/features/links/my-link-page.tsx");
    await page.route(pageCode, (route) => route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" }));
    await page.evaluate(() => {
      window.location.hash = "#/pages/index/myLink";
    });

    const failure = await failureShown(page, "redeployed", titleOf("titles.myLink"));
    expect(await failure.innerText()).toContain(common("en", "loading.updated"));

    await page.unroute(pageCode);
    await Promise.all([page.waitForEvent("load"), failure.getByRole("button", { name: common("en", "loading.reload") }).click()]);
    await page.getByTestId("page-myLink").waitFor();
    await settled(page, { title: titleOf("titles.myLink") });
    await context.close();
  });
});
