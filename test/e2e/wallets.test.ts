/**
 * The wallets real BNB Chain users have: several extensions in one browser (two announce
 * themselves through EIP-6963, a third only sets `window.ethereum`), and phones with no wallet at
 * all, where the page offers to open itself in a wallet app.
 */
import { Wallet, parseEther, toBeHex } from "ethers";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";

import { DEMO_ADDRESS, DEMO_KEY, hardhatKey } from "../../scripts/lib/injected-wallet";
import { settled, type Language } from "../../scripts/lib/app-pages";
import { accountChip, awaitToast, card, field, figure, openApp } from "./support/browser";
import { said } from "./support/catalogue";
import { testChain } from "./support/chain";
import { axeViolations, layoutProblems, expectLayoutShiftAtMost, recordLayoutShifts } from "./support/layout";

const PICKED = hardhatKey(12);
const FIRST = hardhatKey(13);
const THIRD = hardhatKey(14);
const ME = new Wallet(PICKED).address;
/** A 1×1 PNG, as wallets send their icons: a data URI of a raster image. */
const ICON = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==";
/** An SVG icon: never shown (one of nested <use> took the page's thread for 45 s). A harmless one here. */
const SVG_ICON = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#f0b90b"/></svg>').toString("base64")}`;

/** The banner of a visit without a wallet, in `language`: it says so, and on a phone links to wallet apps. */
const readOnlyBanner = (page: Page, language: Language = "en") =>
  page.getByText(said("common:wallet.readOnly", language)).or(page.getByText(said("common:wallet.noWallet", language)));

const chain = testChain();

/**
 * Main's two pools at `lucky` and `max`, written where Main keeps them (the one slot whose halves
 * are the pools' amounts now: PoolAmounts packs both); returns what puts them back.
 */
async function withLongPools(lucky: bigint, max: bigint): Promise<() => Promise<void>> {
  const [now, nowMax] = [(await chain.main.luckyPool()).amount, (await chain.main.maxPool()).amount];
  const packed = (low: bigint, high: bigint) => toBeHex((high << 128n) | low, 32);
  for (let slot = 0; slot < 64; slot++) {
    const word = await chain.provider.getStorage(chain.addresses.Main, slot);
    if (word !== packed(now, nowMax)) continue;
    const write = (value: string) => chain.provider.send("hardhat_setStorageAt", [chain.addresses.Main, toBeHex(slot), value]);
    await write(packed(lucky, max));
    return () => write(word);
  }
  throw new Error(`no slot of Main holds the pools (${now}, ${nowMax})`);
}
beforeAll(async () => {
  await chain.memberWithX(PICKED);
});

describe("several wallets in one browser", () => {
  it("lists the announced ones; the one picked does everything, is reconnected after a reload, and the others are never heard", async () => {
    const app = await openApp({
      key: PICKED,
      presence: { announce: { name: "Second Wallet", rdns: "com.example.second", icon: ICON } },
      otherWallets: [
        { key: FIRST, presence: { announce: { name: "First Wallet", rdns: "com.example.first", icon: ICON } } },
        { key: THIRD, presence: "window.ethereum" },
      ],
      route: "/pages/index/miningX",
    });
    const { page, wallet } = app;
    const [first, third] = app.others;

    // Two wallets and none picked yet: no connection on its own; Connect lists them.
    await readOnlyBanner(page).waitFor();
    await page.getByRole("banner").getByRole("button", { name: "Connect", exact: true }).click();
    const options = page.getByRole("menu").getByRole("menuitem");
    await expect.poll(() => options.allTextContents()).toEqual(["First Wallet", "Second Wallet", "Dev wallet"]);
    expect(await options.nth(1).locator("img").getAttribute("src")).toBe(ICON);
    await page.getByRole("menuitem", { name: "Second Wallet" }).click();
    await expect.poll(() => accountChip(page).getAttribute("title")).toBe(ME);

    // A synthesis, signed by the wallet picked.
    await figure(page, "Lowest hashrate").filter({ hasText: "20" }).waitFor();
    await field(page, "Hashrate").fill("40");
    await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    await awaitToast(page, "Authorization successful", 20_000);
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await awaitToast(page, "Synthesis successful", 20_000);
    expect((await chain.main.recordsOf(ME, 0n, 10n)).map((record) => record.hashrate)).toEqual([40n]);
    expect(wallet!.called("eth_sendTransaction")).toHaveLength(2);

    // The others change accounts: nothing happens.
    await first.switchAccount(DEMO_KEY.bob);
    await third.switchAccount(DEMO_KEY.bob);
    await page.waitForTimeout(300);
    expect(new URL(page.url()).hash).toBe("#/pages/index/miningX");
    expect(await accountChip(page).getAttribute("title")).toBe(ME);

    // A reload reconnects to it without asking (eth_accounts, not eth_requestAccounts).
    const asked = wallet!.called("eth_requestAccounts").length;
    await page.reload();
    await expect.poll(() => accountChip(page).getAttribute("title")).toBe(ME);
    expect(wallet!.called("eth_requestAccounts")).toHaveLength(asked);
    expect(wallet!.called("eth_accounts").length).toBeGreaterThan(0);

    // The diagnostics page lists the browser's wallets and the one in use.
    await app.goto("/pages/test/test");
    await expect
      .poll(() => card(page, "Wallet").getByRole("listitem").allTextContents())
      .toEqual(["First Walletcom.example.first", "Second Walletcom.example.secondin use", "Dev walletdev"]);

    // Nothing, ever, went to the wallets not picked.
    expect(first.requests).toEqual([]);
    expect(third.requests).toEqual([]);

    // The picked wallet's account change is followed, as docs/product/screens.md §5 says: back to the index page.
    await wallet!.switchAccount(DEMO_KEY.alice);
    await expect.poll(() => new URL(page.url()).hash).toBe("#/pages/index/index");
    await expect.poll(() => accountChip(page).getAttribute("title")).toBe(DEMO_ADDRESS.alice);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("connects the only announced wallet at startup, with no list", async () => {
    const app = await openApp({ key: PICKED, presence: { announce: { name: "Only Wallet", rdns: "com.example.only", icon: ICON } }, route: "/pages/index/myLink" });
    await expect.poll(() => accountChip(app.page).getAttribute("title")).toBe(ME);
    expect(await app.page.getByRole("menu").count()).toBe(0);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});

describe("announcements that would hide or disguise a wallet", () => {
  it("a bidi-spoofed name, a second MetaMask, a 60-character name and an SVG icon: each shown for what it is, the menu within a 390 px screen", async () => {
    const app = await openApp({
      key: PICKED,
      presence: { announce: { name: "MetaMask", rdns: "io.metamask", icon: ICON } },
      otherWallets: [
        { key: FIRST, presence: { announce: { name: "MetaMask", rdns: "com.evil.wallet", icon: SVG_ICON } } },
        { key: THIRD, presence: { announce: { name: "\u202EksaMateM", rdns: "com.example.bidi", icon: ICON } } },
        { key: hardhatKey(15), presence: { announce: { name: "W".repeat(60), rdns: "com.example.long", icon: ICON } } },
      ],
      viewport: { width: 390, height: 844 },
      route: "/pages/index/index",
    });
    const { page } = app;
    await page.getByRole("banner").getByRole("button", { name: "Connect", exact: true }).click();
    const menu = page.getByRole("menu");
    const options = menu.getByRole("menuitem");
    // The two MetaMasks each say whose they are; the reversed name reads as it is; the long one is
    // cut, and says whose it is as a name the user cannot read whole.
    await expect
      .poll(() => options.allTextContents())
      .toEqual(["MetaMaskwallet.evil.com", "ksaMateM", `${"W".repeat(39)}…long.example.com`, "MetaMaskmetamask.io", "Dev wallet"]);
    // The SVG icon is not drawn (the wallet shows its initial); the PNG ones are.
    expect(await options.nth(0).locator("img").count()).toBe(0);
    expect(await options.nth(3).locator("img").getAttribute("src")).toBe(ICON);
    // The menu, and every item in it, within the screen.
    for (const box of [await menu.boundingBox(), ...(await Promise.all((await options.all()).map((option) => option.boundingBox())))]) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The one picked is the one connected.
    await page.getByRole("menuitem", { name: /metamask\.io/ }).click();
    await expect.poll(() => accountChip(page).getAttribute("title")).toBe(ME);
    expect(app.others[0].requests).toEqual([]);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("3,000 announced wallets: the first ten are listed, and the page answers at once", async () => {
    const app = await openApp({ key: null, route: "/pages/test/test" });
    const { page } = app;
    /** Announces `count` wallets (from `from` on) as any script of the page can; resolves with the milliseconds it took. */
    const announceMany = (from: number, count: number) =>
      page.evaluate(
        ([from, count]) => {
          const started = performance.now();
          const provider = { request: () => Promise.resolve([]), on: () => provider, removeListener: () => provider };
          for (let index = from; index < from + count; index++) {
            const info = { uuid: `uuid-${index}`, name: `Wallet ${index}`, icon: "data:image/png;base64,AAAA", rdns: `com.example.w${index}` };
            window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info: Object.freeze(info), provider }) }));
          }
          return performance.now() - started;
        },
        [from, count] as const,
      );
    await page.addInitScript(() => {
      const provider = { request: () => Promise.resolve([]), on: () => provider, removeListener: () => provider };
      const announce = () => {
        for (let index = 0; index < 1500; index++) {
          const info = { uuid: `uuid-${index}`, name: `Wallet ${index}`, icon: "data:image/png;base64,AAAA", rdns: `com.example.w${index}` };
          window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info: Object.freeze(info), provider }) }));
        }
      };
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
    });
    await page.reload();
    // 1,500 before the app started, 1,500 once it runs.
    const wallets = card(page, "Wallet").getByRole("listitem");
    await expect.poll(() => wallets.count()).toBeGreaterThan(1);
    expect(await announceMany(1500, 1500)).toBeLessThan(2000);
    const expected = [...Array.from({ length: 10 }, (_, index) => `Wallet ${index}com.example.w${index}`), "Dev walletdev"];
    await expect.poll(() => wallets.allTextContents()).toEqual(expected);
    await card(page, "Wallet").getByText(said("pages:test.firstAnnounced", "en", { count: "10" })).waitFor();

    // A click is answered within 2 s: the Connect menu, with the same ten.
    const started = Date.now();
    await page.getByRole("banner").getByRole("button", { name: "Connect", exact: true }).click();
    // Its items load when it first opens: they are what the user waits for.
    await page.getByRole("menu").getByRole("menuitem").first().waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
    await expect.poll(() => page.getByRole("menu").getByRole("menuitem").count()).toBe(11);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});

describe("a phone with no wallet", () => {
  it("offers to open the page in MetaMask or Trust Wallet, the referrer kept in the link", async () => {
    const app = await openApp({ key: null, touch: true, viewport: { width: 390, height: 844 }, route: `/pages/index/index?ref=${DEMO_ADDRESS.bob}` });
    const { page } = app;
    const links = readOnlyBanner(page).getByRole("link");
    await expect.poll(() => links.allTextContents()).toEqual(["Open in MetaMask", "Open in Trust Wallet"]);
    // The app took ref out of the address bar; the links put it back.
    await expect.poll(() => page.url()).not.toContain("ref=");
    const host = new URL(inject("stack").webUrl).host;

    const expectLinksTo = async (route: string) => {
      const pageUrl = `http://${host}/#${route}?ref=${DEMO_ADDRESS.bob}`;
      await expect.poll(() => links.nth(0).getAttribute("href")).toBe(`https://metamask.app.link/dapp/${host}/#${route}?ref=${DEMO_ADDRESS.bob}`);
      const trust = new URL((await links.nth(1).getAttribute("href"))!);
      expect(`${trust.origin}${trust.pathname}`).toBe("https://link.trustwallet.com/open_url");
      expect(trust.searchParams.get("coin_id")).toBe("20000714");
      expect(trust.searchParams.get("url")).toBe(pageUrl);
    };
    await expectLinksTo("/pages/index/index");
    // They follow the user: on another page they open that page.
    await app.goto("/pages/index/miningX");
    await expectLinksTo("/pages/index/miningX");
    // And the Connect menu offers them too.
    await page.getByRole("banner").getByRole("button", { name: "Connect", exact: true }).click();
    await expect.poll(() => page.getByRole("menu").getByRole("menuitem", { name: /^Open in / }).count()).toBe(2);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it.each(["en", "zh-Hans", "zh-Hant"] as const)("shows the links in %s at 360 px: nothing cut, no axe violation, nothing moving", async (language) => {
    const app = await openApp({ key: null, touch: true, language, viewport: { width: 360, height: 740 }, route: "/pages/index/miningX" });
    const { page } = app;
    await recordLayoutShifts(page);
    await page.reload();
    await readOnlyBanner(page, language).getByRole("link").nth(1).waitFor();
    await settled(page);
    await page.waitForTimeout(300);
    await expectLayoutShiftAtMost(page, 0.02);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  // What arrives after the first paint (docs/testing.md §4): the figures (every JSON-RPC answer held
  // back, as on a slow phone network: each within the pool's 3 s stall timeout, two round trips
  // under the 5 s after which the page says the node is not answering) and the links' code, in
  // either order, and figures far longer than the seed's (pools near a billion USDT). Nothing drawn
  // may move for them.
  it.each(
    (["en", "zh-Hans", "zh-Hant"] as const).flatMap((language) => [
      { language, figuresMs: 1000, linksMs: 2500 },
      { language, figuresMs: 2000, linksMs: 600 },
    ]),
  )("draws the page once in $language at 360 px: figures after $figuresMs ms, long ones, the links' code after $linksMs ms", async ({ language, figuresMs, linksMs }) => {
    const restore = await withLongPools(parseEther("987654321.1234"), parseEther("123456789.9876"));
    try {
      const app = await openApp({ key: null, touch: true, language, viewport: { width: 360, height: 740 }, route: "/pages/index/miningX" });
      const { page } = app;
      await recordLayoutShifts(page);
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      for (const url of inject("stack").appRpcUrls) {
        await page.route(url, async (route) => {
          await later(figuresMs);
          await route.continue().catch(() => undefined);
        });
      }
      let linksHeld = 0;
      await page.route(/\.js$/, async (route) => {
        const response = await route.fetch();
        if ((await response.text()).includes("metamask.app.link")) {
          linksHeld += 1;
          await later(linksMs);
        }
        await route.fulfill({ response }).catch(() => undefined);
      });
      await page.reload();
      await page.locator('a[href^="https://metamask.app.link/"]').waitFor();
      await figure(page, said("pages:home.luckyPool", language)).filter({ hasText: "987,654,321" }).waitFor();
      await settled(page);
      await page.waitForTimeout(300);
      expect(linksHeld).toBe(1);
      await expectLayoutShiftAtMost(page, 0.02);
      expect(await layoutProblems(page)).toEqual([]);
      expect(app.errors).toEqual([]);
      await app.context.close();
    } finally {
      await restore();
    }
  });

  it("a desktop browser with no wallet is not sent to phone apps", async () => {
    const app = await openApp({ key: null, viewport: { width: 1280, height: 800 }, route: "/pages/index/index" });
    await readOnlyBanner(app.page).waitFor();
    expect(await app.page.getByRole("link", { name: /^Open in / }).count()).toBe(0);
    await app.context.close();
  });
});
