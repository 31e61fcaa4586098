/**
 * Refusals said where they belong and when they still hold: a name refusal goes with the name, a
 * taken name is known before the wallet is asked to sign, a product contract as settler is refused
 * under the field, and grouped digits ("1,000", "1 000") are told apart from a wrong multiple.
 */
import { Wallet, parseEther } from "ethers";
import { describe, expect, it } from "vitest";

import { DEMO_ADDRESS, DEMO_KEY } from "../../scripts/lib/injected-wallet";
import { expectNothingSent, expectSaidOnceUnderField, field, figure, openApp, type } from "./support/browser";
import { testChain } from "./support/chain";

const chain = testChain();
const TAKEN = "This account is already taken.";
const LOOK_ALIKE = "This name mixes scripts or has letters that look like others. Use the letters of one script.";
const PRODUCT_SETTLER = "This is one of the app's own contracts: claims sent there could never be used. Enter a wallet address.";
const DIGITS_ONLY = "Digits only, please: no commas, spaces or other signs.";

/** A wallet no other test knows (the account API keeps its accounts across test files), with BNB for gas. */
async function newcomer(): Promise<Wallet> {
  const wallet = Wallet.createRandom();
  await (await chain.owner.sendTransaction({ to: wallet.address, value: parseEther("1") })).wait();
  return new Wallet(wallet.privateKey);
}

describe("refusals", () => {
  it("says a name is taken or a look-alike before any signature, under the name, and takes it away when the name changes", async () => {
    const me = await newcomer();
    const app = await openApp({ key: me.privateKey, route: "/pages/register/register" });
    const { page, wallet } = app;
    // The account form: the card that asks for a password.
    await page.getByLabel("Password", { exact: true }).waitFor();
    // "alice" with a Cyrillic а: the API refuses it for a new account (one script per name).
    await field(page, "Account").fill("\u0430lice");
    await page.getByLabel("Password", { exact: true }).fill("correct horse");
    await field(page, "Referrer wallet address").fill(DEMO_ADDRESS.bob);
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await page.getByText(LOOK_ALIKE).first().waitFor();
    await expectSaidOnceUnderField(page, "Account", LOOK_ALIKE);
    // The dev account "alice" exists; names are compared case-folded, as the API registers them.
    await type(page, "Account", "ALICE");
    await expect.poll(() => page.getByText(LOOK_ALIKE).count()).toBe(0);
    await page.getByRole("button", { name: "Register", exact: true }).click();
    // Said once the referrer and the name have been asked about (the chain, then the account API).
    await page.getByText(TAKEN).first().waitFor();
    await expectSaidOnceUnderField(page, "Account", TAKEN);
    expect(wallet!.called("personal_sign")).toEqual([]);

    // Another name: the refusal about the old one goes at once.
    await type(page, "Account", `e2e-free-${me.address.slice(2, 10).toLowerCase()}`);
    await expect.poll(() => page.getByText(TAKEN).count()).toBe(0);
    expect(await field(page, "Account").getAttribute("aria-invalid")).toBe("false");

    await page.getByRole("button", { name: "Register", exact: true }).click();
    await figure(page, "Account").waitFor({ timeout: 30_000 });
    expect(wallet!.called("personal_sign")).toHaveLength(1);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("refuses one of the product's contracts as settler under the field, and sends nothing", async () => {
    const app = await openApp({ key: DEMO_KEY.alice, route: "/pages/index/changeSettler" });
    const { page, wallet } = app;
    await figure(page, "Current settler").filter({ hasText: /^0x/ }).waitFor();
    const nonce = await chain.nonce(wallet!.address);
    // Main itself, a token Main prices, and a contract whose main() is this product's Main.
    for (const contract of [chain.addresses.Main, chain.addresses.USDT, chain.addresses.Swap]) {
      await type(page, "Settler wallet address", contract);
      await page.getByRole("button", { name: "Change settler", exact: true }).click();
      await expectSaidOnceUnderField(page, "Settler wallet address", PRODUCT_SETTLER);
    }
    await expectNothingSent(app, nonce);
    // A wallet is fine again.
    await type(page, "Settler wallet address", new Wallet(Wallet.createRandom().privateKey).address);
    await expect.poll(() => page.getByText(PRODUCT_SETTLER).count()).toBe(0);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("says 'digits only' for grouped digits in every amount field, and the multiple for 0", async () => {
    const app = await openApp({ key: DEMO_KEY.alice, route: "/pages/index/miningX" });
    const { page, wallet } = app;
    await figure(page, "Lowest hashrate").filter({ hasText: "20" }).waitFor();
    const nonce = await chain.nonce(wallet!.address);
    for (const typed of ["1,000", "1 000"]) {
      await type(page, "Hashrate", typed);
      await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
      await expectSaidOnceUnderField(page, "Hashrate", DIGITS_ONLY);
    }
    await type(page, "Hashrate", "0");
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await expectSaidOnceUnderField(page, "Hashrate", "The hashrate must be a whole multiple of 20.");

    await app.goto("/pages/index/exchangeMvToX");
    await type(page, "Exchange amount", "1,000");
    await expectSaidOnceUnderField(page, "Exchange amount", DIGITS_ONLY);

    await app.goto("/pages/index/exchangeMV");
    await type(page, "MV to sell", "1 000");
    await expectSaidOnceUnderField(page, "MV to sell", DIGITS_ONLY);
    await type(page, "MV to sell", "1000");
    await type(page, "USDT amount", "1,000.5");
    await expectSaidOnceUnderField(page, "USDT amount", DIGITS_ONLY);
    await expectNothingSent(app, nonce);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
