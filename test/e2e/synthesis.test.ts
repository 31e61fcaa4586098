import { beforeAll, describe, expect, it } from "vitest";

import { awaitToast, card, expectNothingSent, expectSaidOnceUnderField, field, figure, openApp } from "./support/browser";
import { testChain } from "./support/chain";
import { hardhatKey } from "../../scripts/lib/injected-wallet";

const KEY = hardhatKey(12);

const chain = testChain();
beforeAll(async () => {
  await chain.memberWithX(KEY);
});

describe("synthesis", () => {
  it("refuses hashrates off the page's multiple without a transaction, then authorises, synthesises and shows the result", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/miningX" });
    const { page, wallet } = app;
    const me = wallet!.address;
    const nonceBefore = await chain.nonce(me);

    await figure(page, "Lowest hashrate").filter({ hasText: "20" }).waitFor();
    await field(page, "Hashrate").fill("30");
    await page.getByText("The hashrate must be a whole multiple of 20.").first().waitFor();
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await expectSaidOnceUnderField(page, "Hashrate", "The hashrate must be a whole multiple of 20.");

    await app.goto("/pages/index/miningUsdt");
    await figure(page, "Lowest hashrate").filter({ hasText: "100" }).waitFor();
    await field(page, "Hashrate").fill("150");
    await page.getByText("The hashrate must be a whole multiple of 100.").first().waitFor();
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await expectSaidOnceUnderField(page, "Hashrate", "The hashrate must be a whole multiple of 100.");
    await expectNothingSent(app, nonceBefore);

    await app.goto("/pages/index/miningX");
    await field(page, "Hashrate").fill("40");
    const cost = await chain.main.costOf(chain.addresses.X, 40n);
    const balanceBefore = await chain.balance("X", me);
    await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    await expect.poll(() => chain.token("X").allowance(me, chain.addresses.Main), { timeout: 20_000 }).toBeGreaterThanOrEqual(cost);
    await awaitToast(page, "Authorization successful");
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await awaitToast(page, "Synthesis successful", 20_000);

    const records = await chain.main.recordsOf(me, 0n, 10n);
    expect(records.map((record) => record.hashrate)).toEqual([40n]);
    expect(balanceBefore - (await chain.balance("X", me))).toBe(cost);
    // The new record in the list of merge records, headed by its index.
    const list = card(page, "Synthesis records").getByRole("list");
    await list.getByRole("listitem").filter({ has: page.getByText(`#${records[0].index}`, { exact: true }) }).waitFor();
    expect(await list.textContent()).toContain("40");

    await app.goto("/pages/index/index");
    // The address, shortened, with the whole of it in its title.
    await expect.poll(() => figure(page, "Last synthesis by").getByTitle(me, { exact: true }).count()).toBe(1);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
