import { MaxUint256, Wallet, parseEther } from "ethers";
import { beforeAll, describe, expect, it } from "vitest";

import { awaitToast, expectNothingSent, openApp, refusal, toast } from "./support/browser";
import { testChain } from "./support/chain";
import { DEMO_ADDRESS, hardhatKey } from "../../scripts/lib/injected-wallet";

const KEY = hardhatKey(17);
const SETTLER = new Wallet(hardhatKey(18)).address;

const chain = testChain();
beforeAll(async () => {
  const member = new Wallet(KEY, chain.provider);
  await chain.register(KEY, DEMO_ADDRESS.bob);
  await (await chain.community.connect(member).changeSettler(SETTLER)).wait();
  await chain.mint("X", member.address, parseEther("1000"));
  await (await chain.token("X").connect(member).approve(chain.addresses.Main, MaxUint256)).wait();
  await (await chain.main.connect(member).synthesize(chain.addresses.X, 200n, await chain.main.costOf(chain.addresses.X, 200n))).wait();
  await chain.travel(86_400);
});

describe("claim", () => {
  it("pays the settler, refuses a claim within 60 s with the product's message, and pays again after 60 s", async () => {
    const app = await openApp({ key: KEY, route: "/pages/index/myProfile" });
    const { page, wallet } = app;
    const settlerBefore = await chain.balance("ACB", SETTLER);
    await page.getByRole("button", { name: "Claim revenue", exact: true }).click();
    await awaitToast(page, "Revenue received");
    const firstPay = (await chain.balance("ACB", SETTLER)) - settlerBefore;
    expect(firstPay).toBeGreaterThan(0n);

    const since = wallet!.requests.length;
    const nonce = await chain.nonce(wallet!.address);
    await page.getByRole("button", { name: "Claim revenue", exact: true }).click();
    await refusal(page, "The interval between each claim must be greater than 60 seconds.").waitFor();
    await expectNothingSent(app, nonce, since);

    await page.getByText(/Next claim possible in/).waitFor();
    await chain.travel(61);
    // The app's clock follows the chain (it watches the head): the wait ends, the claim goes through.
    await page.getByText(/Next claim possible in/).waitFor({ state: "detached", timeout: 30_000 });
    // The first claim's toast gone (it shows for 4 s), the next "Revenue received" is the second claim's.
    await toast(page, "Revenue received").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Claim revenue", exact: true }).click();
    await awaitToast(page, "Revenue received");
    expect((await chain.balance("ACB", SETTLER)) - settlerBefore).toBeGreaterThan(firstPay);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
