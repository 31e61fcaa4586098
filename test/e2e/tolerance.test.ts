/**
 * The price tolerance is the user's (docs/product/rules.md §4): chosen beside the bound of a priced
 * form, followed by the bound the wallet is asked to send, remembered across a reload; a value that
 * cannot be used is refused in the user's language and sends nothing. And the words and fonts of
 * each language (docs/product/messages.md §1, §7).
 */
import { Wallet, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";

import type { Language } from "../../scripts/lib/app-pages";
import { hardhatKey } from "../../scripts/lib/injected-wallet";
import { STORAGE_KEY } from "../../web/src/store/persistence";
import { awaitToast, field, figure, openApp } from "./support/browser";
import { said } from "./support/catalogue";
import { testChain } from "./support/chain";
import { axeViolations, layoutProblems } from "./support/layout";

const KEY = hardhatKey(13);
const ME = new Wallet(KEY).address;

const chain = testChain();
beforeAll(async () => {
  await chain.memberWithX(KEY);
});

/** The line under the bound once the user chose 1%. */
const AT_ONE_PERCENT = "Includes a 1% price tolerance: past it, the transaction fails and takes none of your tokens.";

/** What the device keeps under am-local, parsed. */
const stored = async (page: Page) => JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)) ?? "null") as { state: { toleranceBps?: number } } | null;

describe("the user's price tolerance", () => {
  it("set to 1% beside the bound: the bound shown, authorised and sent to the wallet follow it, and it is remembered across a reload", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/miningX" });
    const { page, wallet } = app;
    await figure(page, "Lowest hashrate").filter({ hasText: "20" }).waitFor();
    await field(page, "Hashrate").fill("40");
    // 40 hashrate at 0.5 USD per X costs 80 X: at most 80.4 X at the default 0.5%.
    await figure(page, "You pay at most").filter({ hasText: "80.4 X" }).waitFor();

    await page.getByRole("button", { name: "Change the tolerance", exact: true }).click();
    const settings = page.getByRole("form", { name: "Price tolerance" });
    await settings.getByRole("radio", { name: "1%", exact: true }).check();
    await settings.getByRole("button", { name: "Save", exact: true }).click();
    await settings.waitFor({ state: "detached" });
    await figure(page, "You pay at most").filter({ hasText: "80.8 X" }).waitFor();
    expect(await page.getByText(AT_ONE_PERCENT, { exact: true }).count()).toBe(1);
    expect((await stored(page))?.state.toleranceBps).toBe(100);

    // What is authorised is the bound: 80.8 X.
    await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    await awaitToast(page, "Authorization successful");
    expect(await chain.token("X").allowance(ME, chain.addresses.Main)).toBe(parseEther("80.8"));

    const cost = await chain.main.costOf(chain.addresses.X, 40n);
    const balanceBefore = await chain.balance("X", ME);
    const sentBefore = wallet!.called("eth_sendTransaction").length;
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await awaitToast(page, "Synthesis successful", 20_000);
    // The transaction the wallet was asked to send: synthesize(X, 40, maxCost) with maxCost the cost plus 1%.
    const [transaction] = wallet!.called("eth_sendTransaction").slice(sentBefore) as [{ to: string; data: string }][];
    expect(transaction[0].to.toLowerCase()).toBe(chain.addresses.Main.toLowerCase());
    const [token, hashrate, maxCost] = chain.main.interface.decodeFunctionData("synthesize", transaction[0].data);
    expect([String(token).toLowerCase(), hashrate, maxCost]).toEqual([chain.addresses.X.toLowerCase(), 40n, cost + cost / 100n]);
    expect(maxCost).toBe(parseEther("80.8"));
    expect(balanceBefore - (await chain.balance("X", ME))).toBe(cost);

    // Remembered across a reload, and used by every priced form.
    await page.reload();
    await field(page, "Hashrate").fill("20");
    await figure(page, "You pay at most").filter({ hasText: "40.4 X" }).waitFor();
    expect(await page.getByText(AT_ONE_PERCENT, { exact: true }).count()).toBe(1);
    await app.goto("/pages/index/exchangeMvToX");
    await page.getByText(AT_ONE_PERCENT, { exact: true }).waitFor();

    // A value of one's own that cannot be used is refused under its field, and nothing changes.
    await page.getByRole("button", { name: "Change the tolerance", exact: true }).click();
    await settings.getByRole("radio", { name: "Custom", exact: true }).check();
    await field(settings, "Your tolerance, in %").fill("7");
    await settings.getByRole("button", { name: "Save", exact: true }).click();
    await settings.getByText("Please enter a tolerance from 0.01% to 5%.", { exact: true }).waitFor();
    expect((await stored(page))?.state.toleranceBps).toBe(100);
    await settings.getByRole("button", { name: "Cancel", exact: true }).click();
    await page.getByText(AT_ONE_PERCENT, { exact: true }).waitFor();
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});

/** The CJK fonts of the body's font list, in order. */
const cjkFonts = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.body)
      .fontFamily.split(",")
      .map((font) => font.trim().replace(/^"|"$/g, ""))
      .filter((font) => / (SC|TC|GB)$|YaHei|JhengHei/.test(font)),
  );

describe.each(["en", "zh-Hans", "zh-Hant"] as Language[])("in %s", (language) => {
  it("the tolerance's settings are in the language, refuse a bad value in it, fit the narrowest phone and pass axe; Chinese in its script's fonts and full-width parentheses", async () => {
    const text = (key: string, values?: Record<string, string>) => said(key, language, values);
    const app = await openApp({ key: KEY, language, route: "/pages/index/miningX", viewport: { width: 360, height: 740 } });
    const { page, wallet } = app;
    await field(page, text("pages:mining.hashrate")).fill("40");
    await page.getByText(text("trade:tolerance", { percent: "0.5" }), { exact: true }).waitFor();
    await page.getByRole("button", { name: text("trade:toleranceChange"), exact: true }).click();
    const settings = page.getByRole("form", { name: text("trade:toleranceTitle") });
    await settings.getByRole("radio", { name: text("trade:toleranceOwn"), exact: true }).check();
    await field(settings, text("trade:toleranceOwnLabel")).fill("0.125");
    await settings.getByText(text("errors:toleranceDecimals"), { exact: true }).waitFor();
    await field(settings, text("trade:toleranceOwnLabel")).fill("9");
    await settings.getByRole("button", { name: text("trade:toleranceSave"), exact: true }).click();
    await settings.getByText(text("errors:toleranceRange", { min: "0.01", max: "5" }), { exact: true }).waitFor();
    expect(await page.getByText(text("trade:tolerance", { percent: "0.5" }), { exact: true }).count()).toBe(1);
    expect(wallet!.called("eth_sendTransaction")).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // The fonts follow the page's language: Traditional Chinese ones, and only those, for zh-Hant.
    const fonts = await cjkFonts(page);
    if (language === "zh-Hant") {
      expect(fonts.slice(0, 3)).toEqual(["PingFang TC", "Microsoft JhengHei", "Noto Sans TC"]);
      expect(fonts.filter((font) => / SC$|GB$|YaHei/.test(font))).toEqual([]);
    } else {
      expect(fonts[0]).toBe("PingFang SC");
      expect(fonts.filter((font) => / TC$|JhengHei/.test(font))).toEqual([]);
    }
    // Chinese text uses full-width parentheses: none of the page's text has an ASCII one.
    if (language !== "en") expect((await page.locator("body").innerText()).match(/[()]/g)).toBeNull();
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
