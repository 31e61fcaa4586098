/**
 * What time does to a transaction: the page is reloaded (or another tab is open) while one is
 * still waiting to be mined, it is replaced in the wallet, or it fails on chain after the wallet's
 * estimate passed. The node mines nothing until the test says so (automine off), as on a busy
 * network. Before the transaction memory, a reload forgot a pending synthesis and a second Confirm
 * paid twice.
 */
import { MaxUint256, Wallet, parseEther } from "ethers";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

import { settled } from "../../scripts/lib/app-pages";
import { accountChip, authorizeStep, awaitToast, card, field, figure, openApp, refusal, type AppSession } from "./support/browser";
import { axeViolations, layoutProblems } from "./support/layout";
import { testChain } from "./support/chain";
import { DEMO_ADDRESS, hardhatKey } from "../../scripts/lib/injected-wallet";

const chain = testChain();
const SYNTHESIS_KEY = hardhatKey(15);
const APPROVAL_KEY = hardhatKey(16);
const BUYER_KEY = hardhatKey(17);
const RIVAL_KEY = hardhatKey(18);
const addressOf = (key: string) => new Wallet(key).address;

beforeAll(async () => {
  for (const key of [SYNTHESIS_KEY, APPROVAL_KEY, BUYER_KEY]) {
    await chain.register(key, DEMO_ADDRESS.bob);
    await chain.mint("USDT", addressOf(key), parseEther("1000"));
  }
  // The synthesis and the buyer have authorised already: their scenarios are about the action itself.
  for (const [key, spender] of [
    [SYNTHESIS_KEY, chain.addresses.Main],
    [BUYER_KEY, chain.addresses.MvMarket],
  ] as const) {
    await (await chain.token("USDT").connect(new Wallet(key, chain.provider)).approve(spender, MaxUint256)).wait();
  }
});

afterEach(async () => {
  await chain.setAutomine(true);
});

/** The transactions the app keeps on the device, as stored. */
async function kept(page: Page): Promise<{ hash: string; state: string; action: string }[]> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem("am-transactions") ?? '{"transactions":[]}') as { transactions: { hash: string; state: string; action: string }[] }).transactions);
}

const sends = (app: AppSession) => app.wallet!.called("eth_sendTransaction").length;

/** Types `hashrate` on the open mining page once its figures are read. */
async function typeHashrate(page: Page, hashrate: string): Promise<void> {
  await figure(page, "Authorized amount").filter({ hasText: "USDT" }).waitFor();
  await field(page, "Hashrate").fill(hashrate);
}

/** Types 100 on the open mining page and presses `button`: the transaction is sent, and waits to be mined. */
async function sendPending(page: Page, button: "Confirm Synthesis" | "Authorize USDT"): Promise<void> {
  await typeHashrate(page, "100");
  await page.getByRole("button", { name: button, exact: true }).click();
  await waitingForConfirmation(page).waitFor();
}

/** The note under the buttons while the transaction sent waits to be mined. */
const waitingForConfirmation = (page: Page) => page.getByText("Transaction sent, waiting for confirmation", { exact: true });

/** Transactions of the page's action still pending from before (a reload, another tab): the items that say since when. */
const pendingNotes = (page: Page) => page.getByRole("listitem").filter({ has: page.getByText(/^Still pending since /) });

/** The account chip saying (to a screen reader; a dot on screen) that a transaction of the account is pending. */
const chipSaysPending = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}, Transaction sent, waiting for confirmation$/ });

/** The question asked before the same action is sent again, and its answer that sends nothing. */
const sendAgain = (page: Page) => page.getByRole("dialog");
const waitForIt = (page: Page) => sendAgain(page).getByRole("button", { name: "Wait for it", exact: true });

/** The account panel the chip opens, and its list of recent transactions. */
const accountPanel = (page: Page) => page.getByRole("dialog", { name: /^Account 0x[0-9a-fA-F]{40}$/ });
const activity = (page: Page) => accountPanel(page).getByRole("region", { name: "Recent activity", exact: true }).getByRole("listitem");

describe("transactions across time", () => {
  it("a synthesis pending across a reload: its page says so with the hash, Confirm asks before another is sent, and it is told once mined", async () => {
    const me = addressOf(SYNTHESIS_KEY);
    const app = await openApp({ key: SYNTHESIS_KEY, route: "/pages/index/miningUsdt" });
    const { page } = app;
    const usdtBefore = await chain.balance("USDT", me);
    await chain.setAutomine(false);

    await sendPending(page, "Confirm Synthesis");
    const [sent] = await kept(page);
    expect(sent).toMatchObject({ state: "pending", action: "synthesize:USDT" });

    await page.reload();
    const note = pendingNotes(page);
    await note.waitFor();
    // The hash, shortened, with the whole of it in its title.
    expect(await note.getByTitle(sent.hash, { exact: true }).count()).toBe(1);
    expect(await note.textContent()).toContain("Synthesize 100 hashrate with USDT");
    expect(await note.textContent()).toContain(sent.hash.slice(0, 10));
    // The chip says a transaction of the account is pending, and takes no room from the title.
    expect(await chipSaysPending(page).count()).toBe(1);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await layoutProblems(page)).toEqual([]);
    await page.screenshot({ path: "test-results/screenshots/pending-after-reload.png", fullPage: true });

    // The same action again: the user is asked, and waiting sends nothing.
    await typeHashrate(page, "100");
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    const question = sendAgain(page);
    await question.getByText("is still pending").waitFor();
    expect(await question.textContent()).toContain(sent.hash.slice(0, 10));
    await page.screenshot({ path: "test-results/screenshots/pending-send-again.png" });
    expect(await axeViolations(page)).toEqual([]);
    const sendsBefore = sends(app);
    await waitForIt(page).click();
    await page.waitForTimeout(500);
    expect(sends(app)).toBe(sendsBefore);
    expect(await chain.pendingNonce(me)).toBe((await chain.nonce(me)) + 1);

    await chain.mine();
    await awaitToast(page, "Synthesis successful", 15_000);
    await note.waitFor({ state: "detached" });
    await accountChip(page).waitFor();
    expect(await chipSaysPending(page).count()).toBe(0);
    expect((await kept(page))[0]).toMatchObject({ hash: sent.hash, state: "confirmed" });
    expect(usdtBefore - (await chain.balance("USDT", me))).toBe(parseEther("100"));
    expect((await chain.main.recordsOf(me, 0n, 10n)).map((record) => record.hashrate)).toEqual([100n]);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("an authorisation pending across a reload: Authorize asks first, Confirm waits for it, and it is told once mined", async () => {
    const me = addressOf(APPROVAL_KEY);
    const app = await openApp({ key: APPROVAL_KEY, route: "/pages/index/miningUsdt" });
    const { page } = app;
    await chain.setAutomine(false);
    await sendPending(page, "Authorize USDT");

    await page.reload();
    await pendingNotes(page).filter({ hasText: "Authorize 100.5 USDT" }).waitFor();
    await typeHashrate(page, "100");
    const sendsBefore = sends(app);
    await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    await sendAgain(page).getByText("is still pending").waitFor();
    await waitForIt(page).click();
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await refusal(page, "Your authorization has not been confirmed yet.").waitFor();
    await page.waitForTimeout(300);
    expect(sends(app)).toBe(sendsBefore);

    await chain.mine();
    await awaitToast(page, "Authorization successful", 15_000);
    await expect.poll(() => chain.token("USDT").allowance(me, chain.addresses.Main)).toBe(parseEther("100.5"));
    await authorizeStep(page).filter({ hasText: /done$/ }).waitFor();
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("a reload while the wallet still asks: what the wallet then sends is unknown to the page, so Confirm asks first; another account's wallet switch withdraws the question", async () => {
    const me = addressOf(SYNTHESIS_KEY);
    const app = await openApp({ key: SYNTHESIS_KEY, route: "/pages/index/miningUsdt" });
    const { page, wallet } = app;
    await chain.setAutomine(false);
    const nonce = await chain.nonce(me);
    await typeHashrate(page, "100");
    wallet!.holdNext("eth_sendTransaction");
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await expect.poll(() => wallet!.called("eth_sendTransaction").length).toBe(1);
    await page.reload();
    // The user confirms in the wallet after the reload: the transaction reaches the node, its hash never the page.
    wallet!.release("eth_sendTransaction");
    await expect.poll(() => chain.pendingNonce(me)).toBe(nonce + 1);
    expect(await kept(page)).toEqual([]);

    await typeHashrate(page, "100");
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    const question = sendAgain(page);
    await question.getByText("not sent from this page").waitFor();
    await waitForIt(page).click();
    await page.waitForTimeout(300);
    expect(wallet!.called("eth_sendTransaction")).toHaveLength(1);

    // Asked again, then the wallet moves to another account: the question goes, nothing is sent.
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await question.getByText("not sent from this page").waitFor();
    await wallet!.switchAccount(BUYER_KEY);
    await question.getByText("not sent from this page").waitFor({ state: "detached" });
    await page.waitForTimeout(300);
    expect(wallet!.called("eth_sendTransaction")).toHaveLength(1);
    await chain.mine();
    expect(await chain.nonce(me)).toBe(nonce + 1);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("a second tab sees the pending transaction and asks before it sends the same action", async () => {
    const app = await openApp({ key: SYNTHESIS_KEY, route: "/pages/index/miningUsdt" });
    const second = await app.context.newPage();
    await app.wallet!.attach(second);
    await second.goto(app.page.url());
    await chain.setAutomine(false);

    await sendPending(app.page, "Confirm Synthesis");

    await pendingNotes(second).waitFor();
    await typeHashrate(second, "100");
    const sendsBefore = sends(app);
    await second.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await sendAgain(second).getByText("is still pending").waitFor();
    await waitForIt(second).click();
    await second.waitForTimeout(300);
    expect(sends(app)).toBe(sendsBefore);

    await chain.mine();
    await awaitToast(app.page, "Synthesis successful", 15_000);
    await pendingNotes(second).waitFor({ state: "detached" });
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("a transaction replaced in the wallet (its nonce used by another) is said as replaced, not pending for ever", async () => {
    const me = addressOf(SYNTHESIS_KEY);
    const app = await openApp({ key: SYNTHESIS_KEY, route: "/pages/index/miningUsdt" });
    const { page } = app;
    const recordsBefore = await chain.main.recordCount(me);
    await chain.setAutomine(false);
    await sendPending(page, "Confirm Synthesis");
    const [sent] = await kept(page);
    const nonce = (await chain.provider.getTransaction(sent.hash))!.nonce;

    // "Cancel" in the wallet: another transaction of the account takes the same nonce and is mined.
    await chain.dropTransaction(sent.hash);
    await (await new Wallet(SYNTHESIS_KEY, chain.provider).sendTransaction({ to: me, value: 0n, nonce })).hash;
    await chain.mine();

    await awaitToast(page, "replaced in your wallet", 15_000);
    expect((await kept(page))[0]).toMatchObject({ hash: sent.hash, state: "replaced" });
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true, disabled: false }).waitFor();
    expect(await chain.main.recordCount(me)).toBe(recordsBefore);

    await accountChip(page).click();
    const item = activity(page).first();
    // Its state first, in words.
    expect(await item.textContent()).toMatch(/^Replaced/);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("the wallet menu: the address to copy, another wallet, disconnect, and recent activity with what is done and what failed, and why", async () => {
    const me = addressOf(BUYER_KEY);
    const app = await openApp({ key: BUYER_KEY, route: "/pages/index/exchangeMV" });
    const { page, context } = app;
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);

    // A buy that the wallet's estimate let through and the chain refused: another buyer empties
    // the market first (a higher tip puts them first in the block).
    const rival = new Wallet(RIVAL_KEY, chain.provider);
    const [, everything] = await chain.market.quoteBuy(parseEther("1000000"));
    await chain.mint("USDT", rival.address, everything);
    await (await chain.token("USDT").connect(rival).approve(chain.addresses.MvMarket, everything)).wait();
    await figure(card(page, "Buy MV with USDT"), "Authorized amount").filter({ hasText: "USDT" }).waitFor();
    await chain.setAutomine(false);
    await field(page, "USDT amount").fill("10");
    await figure(page, "You receive about").filter({ hasText: "MV" }).waitFor();
    await page.getByRole("button", { name: "Buy MV", exact: true }).click();
    await waitingForConfirmation(page).waitFor();
    await chain.market.connect(rival).buy(everything, 0n, { maxPriorityFeePerGas: 50_000_000_000n, maxFeePerGas: 100_000_000_000n });
    await chain.mine();
    await awaitToast(page, "No MV is for sale right now.", 15_000);
    expect(await chain.market.mvForSale()).toBe(0n);

    await page.setViewportSize({ width: 360, height: 740 });
    await accountChip(page).click();
    const panel = accountPanel(page);
    await panel.waitFor();
    await settled(page);
    // On a page, the menu button is right of the chip: the panel still fits the screen.
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: "test-results/screenshots/account-panel.png" });
    expect(await layoutProblems(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(await panel.getByText(me, { exact: true }).textContent()).toBe(me);
    // The local chain has no explorer: no link to one (mainnet builds have it).
    expect(await panel.getByRole("link", { name: "View on BscScan", exact: true }).count()).toBe(0);
    const [failed] = await activity(page).all();
    const failedText = await failed.textContent();
    // Its state first, in words.
    expect(failedText).toMatch(/^Failed/);
    expect(failedText).toContain("Buy MV with 10 USDT");
    expect(failedText).toContain("Failed");
    expect(failedText).toContain("No MV is for sale right now.");
    await panel.getByRole("button", { name: "Copy address", exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(me);

    // Escape closes it; another wallet connects from it; then disconnect.
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    await accountChip(page).click();
    await panel.getByRole("button", { name: "Switch wallet", exact: true }).click();
    await panel.getByRole("button", { name: "Dev wallet", exact: true }).click();
    await expect.poll(() => accountChip(page).textContent()).toContain(DEMO_ADDRESS.alice.slice(0, 6));
    await accountChip(page).click();
    await panel.getByRole("button", { name: "Disconnect", exact: true }).click();
    await page.getByRole("banner").getByRole("button", { name: "Connect", exact: true }).waitFor();
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("offers to add the product's tokens to the wallet on their pages (wallet_watchAsset), not USDT", async () => {
    const app = await openApp({ key: SYNTHESIS_KEY, route: "/pages/index/miningX" });
    const { page, wallet } = app;
    await page.getByRole("button", { name: "Add X to wallet", exact: true }).click();
    await awaitToast(page, "X was added to your wallet.");
    expect(wallet!.called("wallet_watchAsset")).toEqual([{ type: "ERC20", options: { address: chain.addresses.X, symbol: "X", decimals: 18 } }]);
    await app.goto("/pages/index/miningUsdt");
    await figure(page, "Authorized amount").filter({ hasText: "USDT" }).waitFor();
    expect(await page.getByRole("button", { name: /^Add .* to wallet$/ }).count()).toBe(0);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
