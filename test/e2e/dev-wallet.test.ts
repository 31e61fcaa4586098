/**
 * The dev wallet of local builds, in the browser: with no extension, Connect offers it; it is the
 * same test-key wallet the other files inject, here bundled into the app. It signs as Hardhat's
 * account #1, whose account API account the stack made, so Login works at once (docs/operations.md §1).
 */
import { describe, expect, it } from "vitest";

import { DEV_ACCOUNT } from "../../scripts/lib/dev-account";
import { DEMO_ADDRESS } from "../../scripts/lib/injected-wallet";
import { openApp } from "./support/browser";

describe("the dev wallet", () => {
  it("connects without an extension and signs the login", async () => {
    const app = await openApp({ key: null });
    const { page } = app;
    await page.getByTestId("connect").click();
    await page.getByRole("menuitem", { name: "Dev wallet" }).click();
    await page.getByTestId("wallet-account").filter({ hasText: DEMO_ADDRESS.alice.slice(-4) }).waitFor();
    expect(await page.getByTestId("wrong-network-banner").count()).toBe(0);

    await page.getByTestId("to-login").click();
    await page.getByTestId("login-submit").click();
    await page.getByTestId("member-account").filter({ hasText: DEV_ACCOUNT.account }).waitFor({ timeout: 30_000 });
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
