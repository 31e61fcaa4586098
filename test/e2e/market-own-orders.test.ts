/**
 * A buy that fills the buyer's own sale order first (docs/product/contracts.md §9): the buy form says before
 * buying how much MV comes from the buyer's own orders and what the buyer really pays, and after
 * the buy what was bought from whom.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";

import { MaxUint256, Wallet, parseEther } from "ethers";
import { beforeAll, describe, expect, it } from "vitest";

import { settled } from "../../scripts/lib/app-pages";
import { hardhatKey } from "../../scripts/lib/injected-wallet";
import { RESULTS_DIR } from "./global-setup";
import { awaitToast, card, field, figure, openApp } from "./support/browser";
import { testChain } from "./support/chain";
import { axeViolations, layoutProblems } from "./support/layout";

const SCREENSHOTS = path.join(RESULTS_DIR, "screenshots", "reload-offline-hung-node");

const SELLER_KEY = hardhatKey(14);
const BUYER_KEY = hardhatKey(15);
const SELLER = new Wallet(SELLER_KEY).address;
const BUYER = new Wallet(BUYER_KEY).address;

const chain = testChain();

async function listOnChain(key: string, amount: bigint): Promise<bigint> {
  const wallet = new Wallet(key, chain.provider);
  await chain.mint("MV", wallet.address, amount);
  await (await chain.token("MV").connect(wallet).approve(chain.addresses.MvMarket, amount)).wait();
  await (await chain.market.connect(wallet).list(amount)).wait();
  return (await chain.market.orderCount()) - 1n;
}

let own: bigint;
let others: bigint;
beforeAll(async () => {
  // Buy out the seeded orders first: the queue is then the buyer's own order, then the seller's.
  const clearer = new Wallet(hardhatKey(16), chain.provider);
  await chain.mint("USDT", clearer.address, parseEther("100000"));
  await (await chain.token("USDT").connect(clearer).approve(chain.addresses.MvMarket, MaxUint256)).wait();
  while ((await chain.market.mvForSale()) > 0n) await (await chain.market.connect(clearer).buy(parseEther("100000"), 0n)).wait();
  own = await listOnChain(BUYER_KEY, parseEther("100"));
  others = await listOnChain(SELLER_KEY, parseEther("200"));
  await chain.mint("USDT", BUYER, parseEther("1000"));
});

describe("buying MV when the queue starts with the buyer's own order", () => {
  it("says what comes from the buyer's own order and what is really paid, then what was bought from whom", async () => {
    const app = await openApp({ key: BUYER_KEY, route: "/pages/index/exchangeMV" });
    const { page } = app;
    const buy = card(page, "Buy MV with USDT");
    await field(buy, "USDT amount").fill("150");
    await figure(buy, "You receive about").filter({ hasText: "150 MV" }).waitFor();
    await settled(page);

    // Before: 100 MV of the 150 are the buyer's own, whose 100 USDT come back; 50 USDT really leave.
    const ownOrders = buy.getByText(/from your own sale orders/);
    expect(await ownOrders.count()).toBe(1);
    expect(await ownOrders.textContent()).toBe(
      "100 MV of this comes from your own sale orders: the 100 USDT for it comes straight back to you.",
    );
    expect(await figure(buy, "You pay").textContent()).toBe("50 USDT");
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, "market-own-orders-before.png"), fullPage: true });
    expect(await layoutProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    const usdtBefore = await chain.balance("USDT", BUYER);
    const mvBefore = await chain.balance("MV", BUYER);
    await buy.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    await awaitToast(page, "Authorization successful");
    await buy.getByRole("button", { name: "Buy MV", exact: true }).click();
    await awaitToast(page, "Purchase successful");
    expect(usdtBefore - (await chain.balance("USDT", BUYER))).toBe(parseEther("50"));
    expect((await chain.balance("MV", BUYER)) - mvBefore).toBe(parseEther("150"));

    // After: the fills of the receipt, the buyer's own order named as such, the other by its seller.
    const total = buy.getByText(/^Bought [\d.,]+ MV; you paid/);
    await total.waitFor();
    /** The line of the fill of order `index`, in the list under the total. */
    const fill = (index: bigint) => buy.getByRole("listitem").filter({ hasText: new RegExp(`order #${index}(?!\\d)`) });
    expect(await fill(own).textContent()).toBe(`100 MV from your own order #${own}: its 100 USDT came back to you`);
    expect(await fill(others).textContent()).toBe(`50 MV for 50 USDT from order #${others} of ${SELLER.slice(0, 6)}…${SELLER.slice(-4)}`);
    expect(await total.textContent()).toBe("Bought 150 MV; you paid 50 USDT to other sellers.");
    await page.screenshot({ path: path.join(SCREENSHOTS, "market-own-orders-after.png"), fullPage: true });
    // Checked with the pop-up on screen: it is part of what the user sees.
    await awaitToast(page, "Purchase successful");
    await settled(page);
    expect(await layoutProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
