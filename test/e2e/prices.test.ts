import { Wallet, parseEther } from "ethers";
import { beforeAll, describe, expect, it } from "vitest";

import { hardhatKey } from "../../scripts/lib/injected-wallet";
import { authorizeStep, awaitToast, field, figure, openApp, toast } from "./support/browser";
import { testChain } from "./support/chain";

const KEY = hardhatKey(12);
const ME = new Wallet(KEY).address;

const chain = testChain();
beforeAll(async () => {
  await chain.memberWithX(KEY);
  // A day after the prices were set, the owner may move one by a step (10%) at once.
  await chain.travel(86_401);
});

describe("a price the owner moves while the wallet is open", () => {
  it("refuses the synthesis past the shown tolerance, takes none of the tokens, says why, and goes through at the new price", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/miningX" });
    const { page, wallet } = app;
    await figure(page, "Lowest hashrate").filter({ hasText: "20" }).waitFor();
    await field(page, "Hashrate").fill("40");
    // 40 hashrate at 0.5 USD per X costs 80 X; the user agrees to at most 80.4 X, and authorises that.
    await figure(page, "You pay at most").filter({ hasText: "80.4 X" }).waitFor();
    expect(await page.getByText("Includes a 0.5% price tolerance: past it, the transaction fails and takes none of your tokens.", { exact: true }).count()).toBe(1);
    await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    await awaitToast(page, "Authorization successful");
    expect(await chain.token("X").allowance(ME, chain.addresses.Main)).toBe(parseEther("80.4"));
    const balanceBefore = await chain.balance("X", ME);

    wallet!.holdNext("eth_sendTransaction");
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    // The synthesis now waits in the wallet (step 1, done, says 'Authorized').
    await page.getByRole("button", { name: "Confirm in wallet…", exact: true }).waitFor();
    // While the user reads the wallet, the owner cuts X by one step: 40 hashrate now costs 88.9 X.
    // A price step is the price setter's, through the manager, at once (docs/decisions/governance.md).
    await chain.execute(chain.addresses.Main, chain.main.interface.encodeFunctionData("setPrice", [chain.addresses.X, parseEther("0.45")]));
    wallet!.release("eth_sendTransaction");

    await awaitToast(page, "The price moved past your 0.5% tolerance", 20_000);
    expect(await chain.balance("X", ME)).toBe(balanceBefore);
    expect(await chain.main.recordCount(ME)).toBe(0n);

    // The page reads the new price: a new bound, a new authorisation, and the synthesis goes through.
    const cost = await chain.main.costOf(chain.addresses.X, 40n);
    await figure(page, "Cost").filter({ hasText: "88.888888 X" }).waitFor();
    await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    await toast(page, "Authorization successful").nth(0).waitFor();
    await authorizeStep(page).filter({ hasText: /done$/ }).waitFor();
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await awaitToast(page, "Synthesis successful", 20_000);
    expect(balanceBefore - (await chain.balance("X", ME))).toBe(cost);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
