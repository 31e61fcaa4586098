/**
 * The dev wallet of local builds, in the browser: with no extension, Connect offers it; it is the
 * same test-key wallet the other files inject, here bundled into the app. It signs as Hardhat's
 * account #1, whose account API account the stack made, so Login works at once (docs/operations.md §1).
 */
import { describe, expect, it } from "vitest";

import { DEV_ACCOUNT } from "../../scripts/lib/dev-account";
import { DEMO_ADDRESS } from "../../scripts/lib/injected-wallet";
import { accountChip, figure, openApp } from "./support/browser";

describe("the dev wallet", () => {
  it("connects without an extension and signs the login", async () => {
    const app = await openApp({ key: null });
    const { page } = app;
    await page.getByRole("banner").getByRole("button", { name: "Connect", exact: true }).click();
    await page.getByRole("menuitem", { name: "Dev wallet" }).click();
    await accountChip(page).filter({ hasText: DEMO_ADDRESS.alice.slice(-4) }).waitFor();
    expect(await page.getByRole("alert").filter({ hasText: "Your wallet is on another network." }).count()).toBe(0);

    await page.getByRole("link", { name: "Login", exact: true }).click();
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await figure(page, "Account").filter({ hasText: DEV_ACCOUNT.account }).waitFor({ timeout: 30_000 });
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
