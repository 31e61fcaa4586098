/**
 * More records finished than one transaction takes out (docs/product/contracts.md §6): the Records screen
 * counts every finished record and marks each one out, says how many wait to be processed, and
 * processes them from there.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";

import { MaxUint256, Wallet } from "ethers";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";

import { settled } from "../../scripts/lib/app-pages";
import { DEMO_ADDRESS, hardhatKey } from "../../scripts/lib/injected-wallet";
import { RESULTS_DIR } from "./global-setup";
import { awaitToast, figure, openApp } from "./support/browser";
import { said } from "./support/catalogue";
import { testChain } from "./support/chain";
import { axeViolations, layoutProblems } from "./support/layout";

const SCREENSHOTS = path.join(RESULTS_DIR, "screenshots", "reload-offline-hung-node");

const KEY = hardhatKey(18);
const MEMBER = new Wallet(KEY).address;
/** Five more than the 200 one call takes out. */
const RECORDS = 205;
const HASHRATE = 100n;

const chain = testChain();
beforeAll(async () => {
  const member = new Wallet(KEY, chain.provider);
  await chain.register(KEY, DEMO_ADDRESS.bob);
  const cost = await chain.main.costOf(chain.addresses.USDT, HASHRATE);
  await chain.mint("USDT", MEMBER, cost * BigInt(RECORDS));
  await (await chain.token("USDT").connect(member).approve(chain.addresses.Main, MaxUint256)).wait();
  // Sent one after another without waiting for each receipt (the node mines each as it comes):
  // about 5 s for the 205 here. The gas is given, so nothing is estimated per synthesis.
  const main = chain.main.connect(member);
  let nonce = await chain.nonce(MEMBER);
  let last;
  for (let i = 0; i < RECORDS; i++) last = await main.synthesize(chain.addresses.USDT, HASHRATE, MaxUint256, { nonce: nonce++, gasLimit: 1_000_000n });
  await last!.wait();
  expect(await chain.main.recordCount(MEMBER)).toBe(BigInt(RECORDS));
  // Past every record's 3x at 1% a day.
  await chain.travel(301 * 86_400);
}, 120_000);

/** The status ('Out', 'Earning') of merge record `index`, in its row (the item headed '#<index>'). */
const status = (page: Page, index: number) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByText(`#${index}`, { exact: true }) })
    .getByText(/^(Out|Earning)$/);

describe("records with a backlog of finished ones", () => {
  it("counts and marks every finished record, says how many wait, and processes them there", async () => {
    expect((await chain.revenue.earningsOf(MEMBER)).outBacklog).toBe(true);
    const app = await openApp({ key: KEY, route: "/pages/machineRecord/machineRecord" });
    const { page } = app;
    await figure(page, "Synthesis records").filter({ hasText: String(RECORDS) }).waitFor();
    await settled(page);

    expect(await figure(page, "Out").textContent()).toBe(String(RECORDS));
    // The newest records, on the first page, are past the 200 one call takes out: out all the same.
    for (const index of [RECORDS - 1, 200, 199]) expect(await status(page, index).textContent()).toBe("Out");
    const waiting = page.getByText(/^Finished records waiting to be processed/);
    const process = page.getByRole("button", { name: "Process finished records", exact: true });
    expect(await waiting.textContent()).toContain("Finished records waiting to be processed: 5.");
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, "records-backlog.png"), fullPage: true });
    expect(await layoutProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    // The same in Chinese.
    const chinese = await openApp({ key: KEY, route: "/pages/machineRecord/machineRecord", language: "zh-Hans" });
    expect(await chinese.page.getByText(/^等待处理的到期记录/).textContent()).toContain("等待处理的到期记录：5 条。");
    expect(await figure(chinese.page, said("pages:records.outCount", "zh-Hans")).textContent()).toBe(String(RECORDS));
    await settled(chinese.page);
    expect(await layoutProblems(chinese.page)).toEqual([]);
    expect(chinese.errors).toEqual([]);
    await chinese.context.close();

    await process.click();
    await awaitToast(page, "Confirmed");
    // The backlog is gone: its count and its button.
    await waiting.waitFor({ state: "detached" });
    await process.waitFor({ state: "detached" });
    expect(await chain.revenue.outCount(MEMBER)).toBe(BigInt(RECORDS));
    expect((await chain.revenue.earningsOf(MEMBER)).outBacklog).toBe(false);
    expect(await figure(page, "Out").textContent()).toBe(String(RECORDS));
    expect(await status(page, RECORDS - 1).textContent()).toBe("Out");
    await page.screenshot({ path: path.join(SCREENSHOTS, "records-processed.png"), fullPage: true });

    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
