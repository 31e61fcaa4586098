/**
 * On a fork of BNB Chain (CI's fork run: test/fork/run.ts, docs/operations.md §2), in the app
 * `npm run dev` serves there (fork/dev-stack.ts), the browser synthesises paid in USDT, BNB Chain's
 * USDT at its address, which deploy kept, funded by its balance slot; and the synthesis is in the
 * activity page's history, from the dev command's indexer. Run by test/e2e/vitest.fork.config.mts
 * only: the usual browser tests run on a local chain. The result is written for the fork run to
 * print.
 */
import { readFileSync, writeFileSync } from "node:fs";

import { formatEther } from "ethers";
import { describe, expect, inject, it } from "vitest";

import { MAINNET_ADDRESSES } from "../../../contracts-abi/product";
import { rpc } from "../../../scripts/lib/json-rpc";
import { RESERVES } from "../../../scripts/lib/deploy-defaults";
import { DEMO_ADDRESS, DEMO_KEY } from "../../../scripts/lib/injected-wallet";
import { FORK_SYNTHESIS_RESULT, type ForkSynthesisResult } from "../../fork/result";
import { awaitToast, card, field, figure, openApp } from "../support/browser";
import { testChain } from "../support/chain";

const chain = testChain();

describe("on a fork of BNB Chain", () => {
  it("synthesises paid in BNB Chain's USDT, kept at its address, the reserves funded in it, and finds it in history", async () => {
    const { nodeUrl } = inject("stack");
    const upstream = process.env.BSC_FORK_URL;
    expect(upstream, "the fork run sets BSC_FORK_URL").toBeTruthy();
    const metadata = await rpc<{ forkedNetwork?: { forkBlockNumber: number } }>(nodeUrl, "hardhat_metadata");
    expect(metadata.forkedNetwork).toBeDefined();
    const forkBlock = metadata.forkedNetwork!.forkBlockNumber;
    // The token the app pays with is the upstream's, not a mock put there.
    expect(chain.addresses.USDT).toBe(MAINNET_ADDRESSES.USDT);
    const upstreamCode = await rpc<string>(upstream!, "eth_getCode", [MAINNET_ADDRESSES.USDT, `0x${forkBlock.toString(16)}`]);
    expect(await chain.provider.getCode(MAINNET_ADDRESSES.USDT)).toBe(upstreamCode);
    expect(await chain.balance("USDT", chain.addresses.Main)).toBeGreaterThanOrEqual(RESERVES.mainUsdt);

    // The dev wallet's account: registered and funded in USDT by the seed (by its balance slot).
    const me = DEMO_ADDRESS.alice;
    const app = await openApp({ key: DEMO_KEY.alice, route: "/pages/index/miningUsdt" });
    const { page } = app;
    const recordsBefore = await chain.main.recordsOf(me, 0n, 100n);
    const balanceBefore = await chain.balance("USDT", me);
    const cost = await chain.main.costOf(MAINNET_ADDRESSES.USDT, 100n);

    await figure(page, "Lowest hashrate").filter({ hasText: "100" }).waitFor();
    await field(page, "Hashrate").fill("100");
    // The seed's synthesis used up its allowance: the app asks for one first.
    await page.getByRole("button", { name: "Authorize USDT", exact: true }).click();
    await expect.poll(() => chain.token("USDT").allowance(me, chain.addresses.Main), { timeout: 20_000 }).toBeGreaterThanOrEqual(cost);
    await awaitToast(page, "Authorization successful");
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await awaitToast(page, "Synthesis successful", 30_000);

    const records = await chain.main.recordsOf(me, 0n, 100n);
    const added = records.filter((record) => !recordsBefore.some((before) => before.index === record.index));
    expect(added.map((record) => record.hashrate)).toEqual([100n]);
    const [record] = added;
    expect(balanceBefore - (await chain.balance("USDT", me))).toBe(cost);

    // The dev command's indexer read it from the fork: the activity page lists it from the chain.
    await app.goto("/pages/activity/activity");
    const onChain = card(page, "On chain, from every device");
    const row = onChain.getByText(/^0x7099…79C8 synthesized 100 hashrate for [\d,.]+ USDT \(worth 100 USD\)$/);
    await row.waitFor({ timeout: 30_000 });
    const historyRow = (await row.textContent()) ?? "";
    expect(app.errors).toEqual([]);
    await app.context.close();

    const { startBlock } = JSON.parse(readFileSync(inject("stack").addressBook, "utf8")) as { startBlock: number };
    expect(startBlock).toBeGreaterThan(forkBlock);
    const result: ForkSynthesisResult = {
      forkBlock,
      hashrate: record.hashrate.toString(),
      paidUsdt: formatEther(cost),
      record: record.index.toString(),
      indexedFrom: startBlock,
      historyRow,
    };
    writeFileSync(FORK_SYNTHESIS_RESULT, JSON.stringify(result));
  });
});
