import { Wallet, parseEther } from "ethers";
import { beforeAll, describe, expect, it } from "vitest";

import { awaitToast, expectNothingSent, expectSaidOnceUnderField, field, figure, openApp, type AppSession } from "./support/browser";
import { testChain } from "./support/chain";
import { hardhatKey } from "../../scripts/lib/injected-wallet";
import type { TokenSymbol } from "../../contracts-abi/product";

const KEY = hardhatKey(13);
const ME = new Wallet(KEY).address;

const chain = testChain();
beforeAll(async () => {
  await chain.mint("MV", ME, parseEther("5000"));
  await chain.mint("ACB", ME, parseEther("1000"));
});

/** Authorises and exchanges `amount` on the open exchange page; returns how both balances moved. */
async function exchange(app: AppSession, tokenIn: TokenSymbol, tokenOut: TokenSymbol, amount: string): Promise<[bigint, bigint]> {
  const { page } = app;
  const before = [await chain.balance(tokenIn, ME), await chain.balance(tokenOut, ME)];
  await field(page, "Exchange amount").fill(amount);
  await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
  await awaitToast(page, "Authorization successful");
  await page.getByRole("button", { name: "Exchange", exact: true }).click();
  await awaitToast(page, "Exchange successful");
  return [before[0] - (await chain.balance(tokenIn, ME)), (await chain.balance(tokenOut, ME)) - before[1]];
}

describe("exchange", () => {
  it("refuses an amount above the maximum exchangeable, then exchanges MV for X", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/exchangeMvToX" });
    const { page } = app;
    const max = await chain.swap.maxExchangeable(0, ME);
    await figure(page, "Maximum exchangeable").filter({ hasText: "1,000 MV" }).waitFor();
    expect(max).toBe(parseEther("1000"));

    const nonce = await chain.nonce(ME);
    await field(page, "Exchange amount").fill("1500");
    await page.getByText("Invalid quantity or exceeds maximum exchangeable amount").first().waitFor();
    await page.getByRole("button", { name: "Exchange", exact: true }).click();
    await expectSaidOnceUnderField(page, "Exchange amount", "Invalid quantity or exceeds maximum exchangeable amount");
    await expectNothingSent(app, nonce);

    const expectedOut = await chain.swap.quote(0, parseEther("100"));
    expect(await exchange(app, "MV", "X", "100")).toEqual([parseEther("100"), expectedOut]);
    expect(expectedOut).toBe(parseEther("200"));
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("exchanges on the ACB route, with its own message for too much", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/exchangeACB" });
    const { page } = app;
    await figure(page, "Maximum exchangeable").filter({ hasText: "250 ACB" }).waitFor();
    const nonce = await chain.nonce(ME);
    await field(page, "Exchange amount").fill("300");
    await page.getByText("Invalid input amount or exceeds maximum exchangeable quantity.").first().waitFor();
    await page.getByRole("button", { name: "Exchange", exact: true }).click();
    await expectSaidOnceUnderField(page, "Exchange amount", "Invalid input amount or exceeds maximum exchangeable quantity.");
    await expectNothingSent(app, nonce);

    const expectedOut = await chain.swap.quote(3, parseEther("10"));
    expect(await exchange(app, "ACB", "USDT", "10")).toEqual([parseEther("10"), expectedOut]);
    await figure(page, "Maximum exchangeable").filter({ hasText: "240 ACB" }).waitFor();
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
