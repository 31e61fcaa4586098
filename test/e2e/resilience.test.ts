import { Wallet } from "ethers";
import { beforeAll, describe, expect, it } from "vitest";

import { accountChip, awaitToast, field, figure, openApp } from "./support/browser";
import { testChain } from "./support/chain";
import { setNode } from "./support/endpoints";
import { DEMO_ADDRESS, DEMO_KEY, hardhatKey } from "../../scripts/lib/injected-wallet";

const KEY = hardhatKey(19);
const ME = new Wallet(KEY).address;

const chain = testChain();
beforeAll(async () => {
  await chain.memberWithX(KEY);
});

describe("when things go wrong", () => {
  it("a transaction rejected in the wallet: a clear message, nothing on chain, and the page still works", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/miningX" });
    const { page, wallet } = app;
    const nonce = await chain.nonce(ME);
    await figure(page, "Lowest hashrate").filter({ hasText: "20" }).waitFor();
    await field(page, "Hashrate").fill("20");
    wallet!.rejectNext("eth_sendTransaction");
    await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    await awaitToast(page, "The request was rejected in your wallet.");
    expect(await chain.nonce(ME)).toBe(nonce);
    expect(await chain.token("X").allowance(ME, chain.addresses.Main)).toBe(0n);

    await expect.poll(() => page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).isEnabled()).toBe(true);
    await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    await awaitToast(page, "Authorization successful");
    expect(await chain.token("X").allowance(ME, chain.addresses.Main)).toBeGreaterThan(0n);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("an account switch in the wallet returns to the index page with the new account", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/myLink" });
    const { page, wallet } = app;
    await figure(page, "My address").waitFor();
    await wallet!.switchAccount(DEMO_KEY.bob);
    await expect.poll(() => new URL(page.url()).hash).toBe("#/pages/index/index");
    await expect.poll(() => accountChip(page).textContent()).toContain(DEMO_ADDRESS.bob.slice(0, 6));
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("the node stopped mid-session: 'Your network is abnormal' shows, and the app recovers when the node is back", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/index" });
    const { page } = app;
    await figure(page, "Lucky reward pool").filter({ hasText: "USDT" }).waitFor();
    try {
      await setNode("down");
      const banner = page.getByRole("alert").filter({ hasText: "Your network is abnormal, please try again later!" });
      await banner.waitFor({ timeout: 15_000 });
      expect(await banner.textContent()).toBe("Your network is abnormal, please try again later!");
      // Still usable: moving to another page works, and says the same.
      await app.goto("/pages/index/myProfile");
      await banner.waitFor();
    } finally {
      await setNode("up");
    }
    await page.getByRole("alert").filter({ hasText: "Your network is abnormal, please try again later!" }).waitFor({ state: "detached", timeout: 15_000 });
    await figure(page, "Current ACB price").filter({ hasText: "USD" }).waitFor();
    await app.context.close();
  });
});
