import { Wallet, parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { closeBrowser, openApp, toast } from "./support/browser";
import { Chain } from "./support/chain";
import { hardhatKey } from "../../scripts/lib/injected-wallet";

const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const KEY = hardhatKey(19);
const ME = new Wallet(KEY).address;

let chain: Chain;
beforeAll(async () => {
  const stack = inject("stack");
  chain = new Chain(stack.nodeUrl, stack.addressBook);
  await chain.register(KEY, BOB);
  await chain.mint("X", ME, parseEther("1000"));
});
afterAll(closeBrowser);

/** Takes the app's node down or brings it back (the proxy the app's JSON-RPC goes through). */
async function node(state: "down" | "up"): Promise<void> {
  const response = await fetch(`${inject("stack").proxyControlUrl}/${state}`, { method: "POST" });
  expect(response.ok).toBe(true);
}

describe("when things go wrong", () => {
  it("a transaction rejected in the wallet: a clear message, nothing on chain, and the page still works", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/miningX" });
    const { page, wallet } = app;
    const nonce = await chain.nonce(ME);
    await page.getByTestId("lowest").filter({ hasText: "20" }).waitFor();
    await page.getByTestId("hashrate-input").fill("20");
    wallet!.rejectNext("eth_sendTransaction");
    await page.getByTestId("authorize").click();
    await toast(page, "The request was rejected in your wallet.").waitFor();
    expect(await chain.nonce(ME)).toBe(nonce);
    expect(await chain.token("X").allowance(ME, chain.addresses.Main)).toBe(0n);

    await expect.poll(() => page.getByTestId("authorize").isEnabled()).toBe(true);
    await page.getByTestId("authorize").click();
    await toast(page, "Authorization successful").waitFor();
    expect(await chain.token("X").allowance(ME, chain.addresses.Main)).toBeGreaterThan(0n);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("an account switch in the wallet returns to the index page with the new account", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/myLink" });
    const { page, wallet } = app;
    await page.getByTestId("own-address").waitFor();
    await wallet!.switchAccount(hardhatKey(2));
    await expect.poll(() => new URL(page.url()).hash).toBe("#/pages/index/index");
    await expect.poll(() => page.getByTestId("wallet-account").textContent()).toContain("0x3C44");
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("the node stopped mid-session: 'Your network is abnormal' shows, and the app recovers when the node is back", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/index" });
    const { page } = app;
    await page.getByTestId("lucky-amount").filter({ hasText: "USDT" }).waitFor();
    try {
      await node("down");
      const banner = page.getByTestId("network-banner");
      await banner.waitFor({ timeout: 15_000 });
      expect(await banner.textContent()).toBe("Your network is abnormal, please try again later!");
      // Still usable: moving to another page works, and says the same.
      await app.goto("/pages/index/myProfile");
      await banner.waitFor();
    } finally {
      await node("up");
    }
    await page.getByTestId("network-banner").waitFor({ state: "detached", timeout: 15_000 });
    await page.getByTestId("acb-price").filter({ hasText: "USD" }).waitFor();
    await app.context.close();
  });
});
