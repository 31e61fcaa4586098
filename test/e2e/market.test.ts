import { MaxUint256, Wallet, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";

import { settled } from "../../scripts/lib/app-pages";
import { hardhatKey } from "../../scripts/lib/injected-wallet";
import { authorizeStep, awaitToast, card, field, figure, openApp, slowReads } from "./support/browser";
import { testChain } from "./support/chain";

const SELLER_KEY = hardhatKey(14);
const BUYER_KEY = hardhatKey(15);
const SELLER = new Wallet(SELLER_KEY).address;
const BUYER = new Wallet(BUYER_KEY).address;
/** Order.status in the contract: Active, SoldOut, Withdrawn. */
const WITHDRAWN = 2n;

const chain = testChain();
beforeAll(async () => {
  await chain.mint("MV", SELLER, parseEther("1000"));
  await chain.mint("USDT", BUYER, parseEther("100000"));
  // Buy out the seeded orders first, so the buyer's purchase fills the seller's order.
  const clearer = new Wallet(hardhatKey(16), chain.provider);
  await chain.mint("USDT", clearer.address, parseEther("100000"));
  await (await chain.token("USDT").connect(clearer).approve(chain.addresses.MvMarket, MaxUint256)).wait();
  while ((await chain.market.mvForSale()) > 0n) await (await chain.market.connect(clearer).buy(parseEther("100000"), 0n)).wait();
});

/** The rows of sale order `index` on the sale list (in the ranking and in the list of orders): the items headed 'Index #<index>'. */
const orderRows = (page: Page, index: bigint) => page.getByRole("listitem").filter({ hasText: new RegExp(`Index #${index}(?!\\d)`) });
/** An order row's Withdraw button. */
const withdrawButton = (page: Page, index: bigint) => orderRows(page, index).getByRole("button", { name: "Withdraw", exact: true });

describe("MV sale orders", () => {
  it("lists, sells part to another account, and lets only the seller withdraw the rest", async () => {
    const seller = await openApp({ key: SELLER_KEY, route: "/pages/index/exchangeMV" });
    const list = card(seller.page, "List MV for sale");
    await field(list, "MV to sell").fill("100");
    await list.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    await awaitToast(seller.page, "Authorization successful");
    await list.getByRole("button", { name: "List for sale", exact: true }).click();
    await awaitToast(seller.page, "Sale order listed");
    const [order] = await chain.market.ordersOf(SELLER, 0n, 10n);
    expect(order.remaining).toBe(parseEther("100"));

    const buyer = await openApp({ key: BUYER_KEY, route: "/pages/index/exchangeMV" });
    const buy = card(buyer.page, "Buy MV with USDT");
    const [mvExpected] = await chain.market.quoteBuy(parseEther("40"));
    const authorize = buy.getByRole("button", { name: "Authorize USDT", exact: true });
    await expect.poll(() => authorize.isEnabled()).toBe(true);
    // A busy node, slow to quote the amount and to read the allowance again: a buyer who presses at
    // once, before the quote is read and again before the new allowance is, is not refused for
    // the lag: each press says it is preparing, then goes on.
    const slow = [chain.market.interface.getFunction("quoteBuy").selector, chain.token("USDT").interface.getFunction("allowance").selector];
    await slowReads(buyer.page, slow, 3_000);
    await field(buy, "USDT amount").fill("40");
    await authorize.click();
    await buy.getByRole("button", { name: "Preparing…", exact: true }).waitFor();
    // It waits for the quote: not read yet while it prepares (the node really is slow).
    expect(await figure(buy, "You receive about").textContent()).toBe("—");
    await awaitToast(buyer.page, "Authorization successful");
    await buy.getByRole("button", { name: "Buy MV", exact: true }).click();
    await buy.getByRole("button", { name: "Preparing…", exact: true }).waitFor();
    // Pressed on the allowance of before the authorisation, still being read again.
    expect(await authorizeStep(buy).textContent()).toBe("1Authorize");
    await awaitToast(buyer.page, "Purchase successful");
    expect(await chain.balance("MV", BUYER)).toBe(mvExpected);
    const remaining = (await chain.market.orderOf(order.index)).remaining;
    expect(remaining).toBe(parseEther("100") - mvExpected);

    await buyer.goto("/pages/index/salelist");
    await orderRows(buyer.page, order.index).first().waitFor();
    await settled(buyer.page);
    expect(await withdrawButton(buyer.page, order.index).count()).toBe(0);
    // The seller, on the same list, does get the action: the buyer's view is not just empty.
    await seller.goto("/pages/index/salelist");
    const mvBefore = await chain.balance("MV", SELLER);
    await withdrawButton(seller.page, order.index).first().click();
    await seller.page.getByText(`Withdraw order #${order.index}? The MV left in it comes back to your wallet.`).waitFor();
    await seller.page.getByRole("button", { name: "Confirm" }).click();
    await awaitToast(seller.page, "Order withdrawn");
    await expect.poll(async () => (await chain.market.orderOf(order.index)).status).toBe(WITHDRAWN);
    expect((await chain.balance("MV", SELLER)) - mvBefore).toBe(remaining);
    await orderRows(seller.page, order.index).first().getByText("Withdrawn", { exact: true }).waitFor();
    expect(await withdrawButton(seller.page, order.index).count()).toBe(0);

    expect([...seller.errors, ...buyer.errors]).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });
});
