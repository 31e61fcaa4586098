/**
 * The contracts console in the browser, against the local chain (docs/operations.md §8): opened
 * from the diagnostics page, it reads at once, checks inputs typed from the ABI before anything is
 * sent, tells a revert by its custom error, and sends a write from the wallet, whose events it
 * decodes and which the app keeps with the user's transactions. Its frame speaks the user's
 * language; ABI names stay as they are.
 */
import { Wallet, parseEther } from "ethers";
import { describe, expect, it } from "vitest";

import { hardhatKey } from "../../scripts/lib/injected-wallet";
import { card, expectNothingSent, field, openApp } from "./support/browser";
import { testChain } from "./support/chain";

const KEY = hardhatKey(11);
const DEVELOPER = new Wallet(KEY).address;

describe("the contracts console", () => {
  it("takes a developer from a read to a write and its events, refusing a bad input and a revert without sending", async () => {
    const chain = testChain();
    const app = await openApp({ key: KEY, route: "/pages/test/test", viewport: { width: 1280, height: 900 } });
    const { page } = app;
    await page.getByRole("link", { name: "Contracts console" }).click();
    await page.getByTestId("page-contracts-console").waitFor();

    // Main's reads that take nothing, answered at once: its owner is the AccessManager.
    const values = card(page, "Values");
    await values.getByText(chain.addresses.AccessManager!).waitFor();

    // A read with an input.
    const reads = page.getByRole("region", { name: /^Reads \(\d+\)$/ });
    const powerOf = reads.locator("details").filter({ has: page.locator("summary", { hasText: /^powerOf\(/ }) });
    await powerOf.locator("summary").click();
    await field(powerOf, "member (address)").fill(DEVELOPER.toLowerCase());
    await powerOf.getByRole("button", { name: "Call" }).click();
    await expect.poll(() => powerOf.getByRole("definition").textContent()).toBe(String(await chain.main.powerOf(DEVELOPER)));

    // A write only the owner may call: tried first, refused with its error decoded, nothing sent.
    const nonce = await chain.nonce(DEVELOPER);
    const writes = page.getByRole("region", { name: /^Writes \(\d+\)$/ });
    const transferOwnership = writes.locator("details").filter({ has: page.locator("summary", { hasText: /^transferOwnership\(/ }) });
    await transferOwnership.locator("summary").click();
    await field(transferOwnership, "newOwner (address)").fill(DEVELOPER);
    await transferOwnership.getByRole("button", { name: "Send" }).click();
    await transferOwnership.getByRole("alert").filter({ hasText: `The call reverts: OwnableUnauthorizedAccount(account: "${DEVELOPER}"). Nothing was sent.` }).waitFor();
    await expectNothingSent(app, nonce);

    // A token's approve: a bad address refused under its field; then 1.5 in token units, sent.
    await page.getByRole("combobox", { name: "Contract" }).selectOption("USDT");
    await page.getByText(chain.addresses.USDT!, { exact: true }).waitFor();
    const approve = page.getByRole("region", { name: "Writes (3)" }).locator("details").filter({ has: page.locator("summary", { hasText: /^approve\(/ }) });
    await approve.locator("summary").click();
    await field(approve, "spender (address)").fill("0x1234");
    await field(approve, "value (uint256)").fill("1.5");
    await approve.getByRole("checkbox", { name: "In token units (18 decimals)" }).check();
    await approve.getByRole("button", { name: "Send" }).click();
    await approve.getByText("Enter a 0x address of 40 hex digits.").waitFor();
    await expectNothingSent(app, nonce);

    await field(approve, "spender (address)").fill(chain.addresses.Main!);
    await approve.getByRole("button", { name: "Send" }).click();
    const done = approve.getByRole("status");
    await done.filter({ hasText: /Confirmed in block \d+\./ }).waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toContain(`USDT.Approval(owner: "${DEVELOPER}", spender: "${chain.addresses.Main}", value: 1500000000000000000)`);
    expect(await chain.token("USDT").allowance(DEVELOPER, chain.addresses.Main!)).toBe(parseEther("1.5"));

    // Kept with the user's transactions: the activity page lists it, in words.
    await app.goto("/pages/activity/activity");
    await page.getByText("USDT.approve from the contracts console").waitFor();
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("speaks the user's language around the ABI's own names, at a phone's width", async () => {
    const app = await openApp({ key: KEY, route: "/pages/test/test?console", language: "zh-Hans" });
    const { page } = app;
    await page.getByRole("heading", { name: "合约控制台" }).waitFor();
    await page.getByRole("region", { name: /^写入 \(\d+\)$/ }).getByText("synthesize", { exact: true }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "nothing wider than the screen").toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
