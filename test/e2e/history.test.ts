/**
 * The history views against a real indexer (indexer/, Ponder on PGlite) reading the seeded chain,
 * started here on the port the app's web server sends /history to; then without it, as every
 * other file sees the app: each view says history is unavailable and the page works on.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { hardhatKey } from "../../scripts/lib/injected-wallet";
import { localProvider } from "../../scripts/lib/json-rpc";
import { startIndexer, type Service } from "../../scripts/lib/stack";
import { Wallet } from "ethers";

import { caughtUp } from "../indexer/support/history";
import { accountChip, card, openApp } from "./support/browser";
import { testChain } from "./support/chain";

const stack = inject("stack");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-indexer-"));
let indexer: Service | undefined;

beforeAll(async () => {
  indexer = await startIndexer({ port: stack.indexerPort, rpcUrl: stack.nodeUrl, addressBook: stack.addressBook, dataDir, pollingMs: 200 });
  // Ready means its backfill is done; the last blocks follow live, a moment later.
  await caughtUp(`http://127.0.0.1:${stack.indexerPort}`, localProvider(stack.nodeUrl));
}, 180_000);

afterAll(async () => {
  await indexer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const UNAVAILABLE = "History is unavailable right now. Everything else works as usual.";

/** A chart drawn (uPlot's canvas) within its card, and nothing on the page wider than the screen. */
async function expectDrawnWithin(chart: Locator, width: number): Promise<void> {
  await chart.locator("canvas").first().waitFor();
  const sizes = await chart.evaluate((card) => ({
    card: card.getBoundingClientRect().width,
    canvas: card.querySelector("canvas")!.getBoundingClientRect().width,
    page: document.documentElement.scrollWidth,
  }));
  expect(sizes.canvas, `${width} px`).toBeGreaterThan(100);
  expect(sizes.canvas, `${width} px`).toBeLessThanOrEqual(sizes.card);
  expect(sizes.page, `${width} px`).toBeLessThanOrEqual(width);
}

describe("history views", () => {
  it("the activity page lists the account's actions from the chain, reached from the wallet menu", async () => {
    // Alice (Hardhat #1): registered under genesis, synthesized, listed order #2 (the seed).
    const app = await openApp({ key: hardhatKey(1), route: "/" });
    await accountChip(app.page).click();
    await app.page.getByRole("link", { name: "All activity" }).click();
    const onChain = card(app.page, "On chain, from every device");
    await onChain.getByText("Order #2: 0x7099…79C8 listed 200 MV for sale").waitFor();
    // With what it cost, in which token.
    await onChain.getByText(/^0x7099…79C8 synthesized 1000 hashrate for [\d,.]+ [A-Z]+ \(worth 1,000 USD\)$/).waitFor();
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("the sale list shows the seller's orders with who bought, and the market's recent fills", async () => {
    // Bob (Hardhat #2): order #0, 120 MV of it bought by frank (the seed).
    const app = await openApp({ key: hardhatKey(2), route: "/pages/index/salelist" });
    const mine = card(app.page, "My orders and their fills");
    await mine.getByText("Order #0: 500 MV listed, 120 MV sold for 120 USDT").waitFor();
    await mine.getByText("0x976E…0aa9 bought 120 MV for 120 USDT").waitFor();
    await card(app.page, "Recent fills").getByText("Order #0: 0x976E…0aa9 bought 120 MV from 0x3C44…93BC for 120 USDT").waitFor();
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("My Earnings lists the account's claims, and the home page the pools' past winners when asked", async () => {
    // Dave (Hardhat #4) claimed once (the seed), paid to himself.
    const app = await openApp({ key: hardhatKey(4), route: "/pages/index/myProfile" });
    const claims = card(app.page, "Claims");
    await claims.getByText(/USD claimed, paid as .* ACB/).waitFor();
    await claims.getByText("Paid to this account").waitFor();
    await app.goto("/");
    await app.page.getByRole("button", { name: "Past winners" }).click();
    // No round is settled on the seeded chain.
    await app.page.getByText("No round settled yet.").first().waitFor();
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("the MV market draws its price and volume from the indexer's sums, with the data as a table, at a phone's width and a desktop's, in English and Chinese", async () => {
    const english = { card: "Price and volume", all: "All", summary: /^1 fill in this period: 120 USDT paid for 120 MV, at 1 to 1 USDT per MV\.$/, table: "The market's fills by day (UTC)" };
    for (const { viewport, language, words } of [
      { viewport: { width: 360, height: 800 }, language: "en", words: english },
      { viewport: { width: 1280, height: 900 }, language: "en", words: english },
      { viewport: { width: 360, height: 800 }, language: "zh-Hans", words: { card: "价格与成交量", all: "全部", summary: /^此时段成交 1 笔：以 120 USDT 买入 120 MV，价格为每 MV 1 至 1 USDT。$/, table: "市场每日成交（UTC）" } },
    ] as const) {
      // Bob (Hardhat #2): the seed's fill of his order, 120 MV for 120 USDT.
      const app = await openApp({ key: hardhatKey(2), route: "/pages/index/exchangeMV", viewport, language });
      const chart = card(app.page, words.card);
      // Every day of the market (the week's hours depend on how far other files moved the clock).
      await chart.getByRole("button", { name: words.all }).click();
      await chart.getByText(words.summary).waitFor();
      await expectDrawnWithin(chart, viewport.width);
      // For screen readers: the same day as a row of the table, the drawing hidden from them.
      const table = chart.getByRole("table", { name: words.table });
      expect(await table.locator("tbody tr").count()).toBe(1);
      expect(await table.locator("tbody td").allTextContents()).toEqual(["1.000000", "120.00"]);
      expect(app.errors).toEqual([]);
      await app.context.close();
    }
  });

  it("My Earnings draws the account's claims over time, with the data as a table, at a phone's width and a desktop's, in English and Chinese", async () => {
    const english = { card: "Claims over time", summary: /^1 claim: [\d.,]+ USD claimed in all, paid as [\d.,]+ ACB\.$/, table: "Your claims by day (UTC)" };
    for (const { viewport, language, words } of [
      { viewport: { width: 360, height: 800 }, language: "en", words: english },
      { viewport: { width: 1280, height: 900 }, language: "en", words: english },
      { viewport: { width: 360, height: 800 }, language: "zh-Hant", words: { card: "領取記錄走勢", summary: /^共領取 1 次：累計 [\d.,]+ USD，以 [\d.,]+ ACB 支付。$/, table: "您每日的領取（UTC）" } },
    ] as const) {
      // Dave (Hardhat #4) claimed once (the seed).
      const app = await openApp({ key: hardhatKey(4), route: "/pages/index/myProfile", viewport, language });
      const chart = card(app.page, words.card);
      await chart.getByText(words.summary).waitFor();
      await expectDrawnWithin(chart, viewport.width);
      expect(await chart.getByRole("table", { name: words.table }).locator("tbody tr").count()).toBe(1);
      if (language === "en") {
        // Above it, the records' progress toward 3x, from the chain: of 3 times Dave's hashrate.
        const progress = chart.getByRole("meter", { name: "Records' progress toward 3x" });
        const cap = (3n * (await testChain().main.powerOf(new Wallet(hardhatKey(4)).address))).toLocaleString("en-US");
        expect(await progress.getAttribute("aria-valuetext")).toMatch(new RegExp(`^(< )?\\d+\\.\\d\\d%: [\\d.,]+ of ${cap} USD earned$`));
      }
      expect(app.errors).toEqual([]);
      await app.context.close();
    }
  });

  it("the home page draws both pools' prizes over past rounds under Past winners, at a phone's width and a desktop's, in English and Chinese", async () => {
    // Both pools' rounds run out (a month on) and are settled, by anyone: the seed's syntheses'
    // share is the lucky pool's prize, the largest synthesis's maker the max pool's winner.
    const chain = testChain();
    await chain.travel(30 * 86_400);
    const main = chain.main.connect(new Wallet(hardhatKey(6), chain.provider));
    await (await main.settleLuckyPool()).wait();
    await (await main.settleMaxPool()).wait();
    await caughtUp(`http://127.0.0.1:${stack.indexerPort}`, chain.provider);
    const english = { button: "Past winners", summary: /^The last 2 rounds settled: [\d.,]+ USDT paid by the lucky pool, [\d.,]+ USDT by the max machine pool\.$/, table: "Both pools' prizes by round (UTC)" };
    for (const { viewport, language, words } of [
      { viewport: { width: 360, height: 800 }, language: "en", words: english },
      { viewport: { width: 1280, height: 900 }, language: "en", words: english },
      { viewport: { width: 360, height: 800 }, language: "zh-Hans", words: { button: "往期中奖", summary: /^最近结算的 2 轮：幸运池共发放 [\d.,]+ USDT，最大矿机池共发放 [\d.,]+ USDT。$/, table: "两个奖池每轮的奖金（UTC）" } },
    ] as const) {
      const app = await openApp({ key: hardhatKey(4), route: "/", viewport, language });
      await app.page.getByRole("button", { name: words.button }).click();
      const winners = card(app.page, words.button);
      await winners.getByText(words.summary).waitFor();
      await expectDrawnWithin(winners, viewport.width);
      // Each pool's round a row of its own, the other pool's cell empty.
      expect(await winners.getByRole("table", { name: words.table }).locator("tbody tr").count()).toBe(2);
      expect(app.errors).toEqual([]);
      await app.context.close();
    }
  });

  it("without the indexer, each view says history is unavailable in one line and the page works on", async () => {
    await indexer?.stop();
    const app = await openApp({ key: hardhatKey(4), route: "/pages/index/myProfile" });
    await card(app.page, "Claims").getByText(UNAVAILABLE).waitFor();
    await card(app.page, "Claims over time").getByText(UNAVAILABLE).waitFor();
    await app.page.getByRole("button", { name: "Claim revenue", exact: true }).waitFor();
    await app.goto("/pages/activity/activity");
    await card(app.page, "On chain, from every device").getByText(UNAVAILABLE).waitFor();
    await app.goto("/pages/index/exchangeMV");
    await card(app.page, "Price and volume").getByText(UNAVAILABLE).waitFor();
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
