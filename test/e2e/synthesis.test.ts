import { Wallet, parseEther } from "ethers";
import { beforeAll, describe, expect, it } from "vitest";

import { expectNothingSent, expectSaidOnceUnderField, openApp, toast } from "./support/browser";
import { testChain } from "./support/chain";
import { DEMO_ADDRESS, hardhatKey } from "../../scripts/lib/injected-wallet";

const KEY = hardhatKey(12);

const chain = testChain();
beforeAll(async () => {
  await chain.register(KEY, DEMO_ADDRESS.bob);
  await chain.mint("X", new Wallet(KEY).address, parseEther("1000"));
});

describe("synthesis", () => {
  it("refuses hashrates off the page's multiple without a transaction, then authorises, synthesises and shows the result", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/miningX" });
    const { page, wallet } = app;
    const me = wallet!.address;
    const nonceBefore = await chain.nonce(me);

    await page.getByTestId("lowest").filter({ hasText: "20" }).waitFor();
    await page.getByTestId("hashrate-input").fill("30");
    await page.getByText("Computing power requires an integer multiple of 20").first().waitFor();
    await page.getByTestId("confirm-synthesis").click();
    await expectSaidOnceUnderField(page, "hashrate-input", "Computing power requires an integer multiple of 20");

    await app.goto("/pages/index/miningUsdt");
    await page.getByTestId("lowest").filter({ hasText: "100" }).waitFor();
    await page.getByTestId("hashrate-input").fill("150");
    await page.getByText("Computing power requires an integer multiple of 100").first().waitFor();
    await page.getByTestId("confirm-synthesis").click();
    await expectSaidOnceUnderField(page, "hashrate-input", "Computing power requires an integer multiple of 100");
    await expectNothingSent(app, nonceBefore);

    await app.goto("/pages/index/miningX");
    await page.getByTestId("hashrate-input").fill("40");
    const cost = await chain.main.costOf(chain.addresses.X, 40n);
    const balanceBefore = await chain.balance("X", me);
    await page.getByTestId("authorize").click();
    await expect.poll(() => chain.token("X").allowance(me, chain.addresses.Main), { timeout: 20_000 }).toBeGreaterThanOrEqual(cost);
    await toast(page, "Authorization successful").waitFor();
    await page.getByTestId("confirm-synthesis").click();
    await toast(page, "Purchase successful").waitFor({ timeout: 20_000 });

    const records = await chain.main.recordsOf(me, 0n, 10n);
    expect(records.map((record) => record.hashrate)).toEqual([40n]);
    expect(balanceBefore - (await chain.balance("X", me))).toBe(cost);
    await page.getByTestId(`record-${records[0].index}`).waitFor();
    expect(await page.getByTestId("merge-records").textContent()).toContain("40");

    await app.goto("/pages/index/index");
    await expect.poll(() => page.getByTestId("last-miner").getAttribute("title")).toBe(me);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
