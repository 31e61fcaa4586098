import { Wallet, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { field, figure, openApp } from "./support/browser";
import { testChain } from "./support/chain";
import { DEMO_ADDRESS } from "../../scripts/lib/injected-wallet";

/** Bob and Alice are members the seed registered on chain: both can refer. */
const BOB = DEMO_ADDRESS.bob;
const ALICE = DEMO_ADDRESS.alice;
const chain = testChain();

/** A wallet no other test knows (the account API keeps its accounts across test files), with BNB for gas. */
async function newcomer(): Promise<Wallet> {
  const wallet = Wallet.createRandom();
  await (await chain.owner.sendTransaction({ to: wallet.address, value: parseEther("1") })).wait();
  return new Wallet(wallet.privateKey);
}

/** What the device keeps under `am-local` (the persisted user part of the store), as text. */
const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem("am-local") ?? "");

describe("a referral link", () => {
  it("is kept over a reload, replaced by the next link (pasted into the open tab), stripped from the address every time, and forgotten once registered", async () => {
    const me = await newcomer();
    const app = await openApp({ key: me.privateKey, route: `/?ref=${BOB}` });
    const { page, wallet } = app;
    await page.getByText("Please Login", { exact: true }).waitFor();
    await expect.poll(() => page.url()).not.toContain("ref=");

    // A reload (the address no longer has it) still knows the referrer.
    await page.reload();
    await page.getByText("Please Login", { exact: true }).waitFor();
    await app.goto("/pages/register/register");
    await expect.poll(() => field(page, "Referrer wallet address").inputValue()).toBe(BOB);
    expect(page.url()).not.toContain("ref=");

    // Another link pasted into the tab that shows the register page: its referrer replaces the first.
    await page.evaluate((ref) => {
      window.location.hash = `#/pages/register/register?ref=${ref}`;
    }, ALICE);
    await expect.poll(() => field(page, "Referrer wallet address").inputValue()).toBe(ALICE);
    await expect.poll(() => page.url()).not.toContain("ref=");

    // And a link to home pasted in: kept, stripped, shown when the user goes to register.
    await page.evaluate((ref) => {
      window.location.hash = `#/?ref=${ref}`;
    }, BOB);
    await page.getByText("Please Login", { exact: true }).waitFor();
    await expect.poll(() => page.url()).not.toContain("ref=");
    await page.reload();
    await app.goto("/pages/register/register");
    await expect.poll(() => field(page, "Referrer wallet address").inputValue()).toBe(BOB);

    // A registration that succeeds uses it and forgets it.
    const name = `e2e-ref-${me.address.slice(2, 10).toLowerCase()}`;
    await field(page, "Account").fill(name);
    await page.getByLabel("Password", { exact: true }).fill("correct horse");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await figure(page, "Account").waitFor({ timeout: 30_000 });
    expect(await chain.community.inviterOf(me.address)).toBe(BOB);
    expect(wallet!.called("personal_sign")).toHaveLength(1);
    expect((await stored(page)).toLowerCase()).not.toContain(BOB.toLowerCase());
    await page.reload();
    await figure(page, "Account").waitFor();
    expect((await stored(page)).toLowerCase()).not.toContain(BOB.toLowerCase());
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
