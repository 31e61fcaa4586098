import { describe, expect, it } from "vitest";

import { field, figure, openApp } from "./support/browser";
import { testChain } from "./support/chain";
import { DEMO_ADDRESS, hardhatKey } from "../../scripts/lib/injected-wallet";

/** Bob, the referrer, is a member seeded on chain. */
const BOB = DEMO_ADDRESS.bob;
const chain = testChain();

describe("registration through a referral link", () => {
  it("fills the referrer in, hides it from the address bar, registers on the API and on chain, logs in and keeps the session on reload", async () => {
    const app = await openApp({ key: hardhatKey(11), route: `/?ref=${BOB}` });
    const { page, wallet } = app;
    const me = wallet!.address;
    await page.getByText("Please Login", { exact: true }).waitFor();
    await expect.poll(() => page.url()).not.toContain("ref=");

    await page.getByRole("link", { name: "Register", exact: true }).click();
    await expect.poll(() => field(page, "Referrer wallet address").inputValue()).toBe(BOB);
    await field(page, "Account").fill("e2e-carol");
    await page.getByLabel("Password", { exact: true }).fill("correct horse");
    await page.getByRole("button", { name: "Register", exact: true }).click();

    await figure(page, "Account").waitFor({ timeout: 30_000 });
    expect(await figure(page, "Account").textContent()).toBe("e2e-carol");
    expect(page.url()).toContain("/pages/index/index");
    expect(await chain.community.isRegistered(me)).toBe(true);
    expect(await chain.community.inviterOf(me)).toBe(BOB);
    expect(wallet!.called("personal_sign")).toHaveLength(1);

    // Log out, then in again with a signature.
    await page.getByRole("button", { name: "Log out", exact: true }).click();
    await page.getByText("Please Login", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Login", exact: true }).click();
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await figure(page, "Account").waitFor();
    expect(wallet!.called("personal_sign")).toHaveLength(2);

    await page.reload();
    await figure(page, "Account").waitFor();
    expect(await figure(page, "Account").textContent()).toBe("e2e-carol");
    expect(await page.getByText("Please Login", { exact: true }).count()).toBe(0);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
