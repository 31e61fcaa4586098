import { describe, expect, it } from "vitest";

import { openApp } from "./support/browser";
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
