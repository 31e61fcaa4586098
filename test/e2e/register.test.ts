import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { closeBrowser, openApp } from "./support/browser";
import { Chain } from "./support/chain";
import { hardhatKey } from "../../scripts/lib/injected-wallet";

/** Seeded on chain (Hardhat account #2). */
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

let chain: Chain;
beforeAll(() => {
  const stack = inject("stack");
  chain = new Chain(stack.nodeUrl, stack.addressBook);
});
afterAll(closeBrowser);

describe("registration through a referral link", () => {
  it("fills the referrer in, hides it from the address bar, registers on the API and on chain, logs in and keeps the session on reload", async () => {
    const app = await openApp({ key: hardhatKey(11), route: `/?ref=${BOB}` });
    const { page, wallet } = app;
    const me = wallet!.address;
    await page.getByTestId("please-login").waitFor();
    await expect.poll(() => page.url()).not.toContain("ref=");

    await page.getByRole("link", { name: "Register", exact: true }).click();
    await expect.poll(() => page.getByTestId("referrer-input").inputValue()).toBe(BOB);
    await page.getByTestId("account-input").fill("e2e-carol");
    await page.getByTestId("password-input").fill("correct horse");
    await page.getByTestId("register-submit").click();

    await page.getByTestId("member-account").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("member-account").textContent()).toBe("e2e-carol");
    expect(page.url()).toContain("/pages/index/index");
    expect(await chain.community.isRegistered(me)).toBe(true);
    expect(await chain.community.inviterOf(me)).toBe(BOB);
    expect(wallet!.called("personal_sign")).toHaveLength(1);

    // Log out, then in again with a signature.
    await page.getByTestId("logout").click();
    await page.getByTestId("please-login").waitFor();
    await page.getByTestId("to-login").click();
    await page.getByTestId("login-submit").click();
    await page.getByTestId("member-account").waitFor();
    expect(wallet!.called("personal_sign")).toHaveLength(2);

    await page.reload();
    await page.getByTestId("member-account").waitFor();
    expect(await page.getByTestId("member-account").textContent()).toBe("e2e-carol");
    expect(await page.getByTestId("please-login").count()).toBe(0);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
