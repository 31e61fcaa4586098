/**
 * History while it stays open, and history that is long, against a real indexer (indexer/, Ponder
 * on PGlite) started here as in history.test.ts:
 * - the activity page shows the user's own action, made through the app in another tab, within
 *   3 s of the indexer having it, and a row this device knows nothing of (sent by a test wallet)
 *   within 10 s, without a reload; and it asks the node no more than the same page without history;
 * - an order bought in 4,000 tiny fills: "Show all" loads them a hundred a request as the user
 *   scrolls their box to the end, and the page's DOM stays the size it was at the first hundred;
 *   the list is read by axe, walked by keyboard, and lays out at 360 px and on a desktop.
 * The figures (delays, requests, DOM nodes, heap) are printed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { MaxUint256, Wallet, parseEther } from "ethers";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { InjectedWallet, hardhatKey } from "../../scripts/lib/injected-wallet";
import { localProvider } from "../../scripts/lib/json-rpc";
import { startIndexer, type Service } from "../../scripts/lib/stack";
import { awaitToast, card, field, openApp } from "./support/browser";
import { testChain } from "./support/chain";
import { endpointStats, resetEndpointStats } from "./support/endpoints";
import { axeViolations, layoutProblems } from "./support/layout";

const stack = inject("stack");
const indexerUrl = `http://127.0.0.1:${stack.indexerPort}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-indexer-live-"));
const chain = testChain();
let indexer: Service | undefined;

/** A new member with X to synthesise with (approved already) and MV to list. */
const MEMBER_KEY = hardhatKey(13);
const MEMBER = new Wallet(MEMBER_KEY).address;
const SELLER_KEY = hardhatKey(17);
const BUYER_KEY = hardhatKey(18);
const CLEARER_KEY = hardhatKey(16);

/** How many fills the long order gets: the figure the outside measurement used. */
const FILLS = 4_000;
/** Each fill's USDT: the smallest buy worth a fill. */
const TINY = parseEther("0.001");

beforeAll(async () => {
  indexer = await startIndexer({ port: stack.indexerPort, rpcUrl: stack.nodeUrl, addressBook: stack.addressBook, dataDir, pollingMs: 200 });
  await indexerCaughtUp(60_000);
  await chain.memberWithX(MEMBER_KEY);
  const member = new Wallet(MEMBER_KEY, chain.provider);
  await (await chain.token("X").connect(member).approve(chain.addresses.Main, MaxUint256)).wait();
  await chain.mint("MV", MEMBER, parseEther("1000"));
  await (await chain.token("MV").connect(member).approve(chain.addresses.MvMarket, MaxUint256)).wait();
}, 180_000);

afterAll(async () => {
  await indexer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves once the indexer has the node's latest block. While it indexes a block of 500 buys it
 *  may not answer for seconds (PGlite works on its thread), so a failed read is tried again. */
async function indexerCaughtUp(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const provider = localProvider(stack.nodeUrl);
  for (;;) {
    const head = await provider.getBlockNumber();
    const status = (await fetch(`${indexerUrl}/status`, { signal: AbortSignal.timeout(30_000) }).then(
      (reply) => reply.json(),
      () => ({}),
    )) as { bsc?: { block: { number: number } } };
    if ((status.bsc?.block.number ?? -1) >= head) return;
    if (Date.now() > deadline) throw new Error(`The indexer is at block ${status.bsc?.block.number}, the node at ${head}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Row {
  txHash: string;
  name: string;
}

/** The newest rows the indexer lists for `route`. */
async function indexed(route: string): Promise<Row[]> {
  const reply = await fetch(`${indexerUrl}/history${route}?limit=20`);
  return ((await reply.json()) as { items: Row[] }).items;
}

/** When (ms) the indexer first lists a row of `route` matching `wanted`, polled every 50 ms. */
async function indexedAt(route: string, wanted: (row: Row) => boolean, timeoutMs = 60_000): Promise<{ at: number; row: Row }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = (await indexed(route)).find(wanted);
    if (row) return { at: Date.now(), row };
    if (Date.now() > deadline) throw new Error(`the indexer never listed the row in ${route}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A mark a reload would wipe. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { __notReloaded: true }));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

const activity = `/accounts/${MEMBER}/activity`;

describe("a history view that stays open", () => {
  it("shows the user's own action, made in another tab, within 3 s of the indexer having it, without a reload", async () => {
    const app = await openApp({ key: MEMBER_KEY, route: "/pages/activity/activity" });
    const onChain = card(app.page, "On chain, from every device");
    await onChain.getByRole("listitem").first().waitFor();
    await markPage(app.page);

    // The other tab: the same browser, the same wallet.
    const other = await app.context.newPage();
    await new InjectedWallet(stack.nodeUrl, MEMBER_KEY).attach(other);
    await other.goto(`${stack.webUrl}/#/pages/index/miningX`);
    await field(other, "Hashrate").fill("40");
    const known = new Set((await indexed(activity)).map((row) => row.txHash));
    const indexing = indexedAt(activity, (row) => row.name === "Synthesized" && !known.has(row.txHash));
    const showing = onChain
      .getByText(/synthesized 40 hashrate for/)
      .waitFor({ timeout: 60_000 })
      .then(() => Date.now());
    await other.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await awaitToast(other, "Synthesis successful", 20_000);
    const [{ at: indexedMs }, shownMs] = await Promise.all([indexing, showing]);
    console.log(`own action: indexed, then shown ${shownMs - indexedMs} ms later on the open activity page`);
    expect(shownMs - indexedMs).toBeLessThanOrEqual(3_000);
    expect(await stillMarked(app.page)).toBe(true);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("shows a row sent from elsewhere within 10 s, asking the node no more than the page without history", async () => {
    const app = await openApp({ key: MEMBER_KEY, route: "/pages/activity/activity" });
    const { page } = app;
    const onChain = card(page, "On chain, from every device");
    await onChain.getByRole("listitem").first().waitFor();
    await markPage(page);
    // The page's first JSON-RPC requests check each endpoint's chain once: wait for its head watch
    // to have run, so that both windows below count the same steady state.
    await resetEndpointStats();
    await expect.poll(async () => (await endpointStats()).reduce((sum, stats) => sum + stats.headPolls, 0), { timeout: 15_000 }).toBeGreaterThan(0);
    const historyRequests: string[] = [];
    let rpcMethods: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/history/")) historyRequests.push(request.url());
      if (stack.appRpcUrls.some((url) => request.url().startsWith(url)) && request.method() === "POST") {
        const body = JSON.parse(request.postData() ?? "null") as { method: string } | { method: string }[];
        rpcMethods.push((Array.isArray(body) ? body : [body]).map((call) => call.method).join("+"));
      }
    });
    const member = new Wallet(MEMBER_KEY, chain.provider);
    const WINDOW_MS = 12_000;

    /** One listing sent by a test wallet, straight to the node: this device knows nothing of it. */
    const listOnChain = async () => {
      const receipt = (await (await chain.market.connect(member).list(parseEther("100"))).wait())!;
      return { hash: receipt.hash, index: (await chain.market.orderCount()) - 1n };
    };

    // With history: the row comes while the page stays open.
    await resetEndpointStats();
    const start = Date.now();
    const listed = await listOnChain();
    const [{ at: indexedMs }, shownMs] = await Promise.all([
      indexedAt(activity, (row) => row.txHash === listed.hash),
      onChain
        .getByText(new RegExp(`^Order #${listed.index}: 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4} listed 100 MV for sale`))
        .waitFor({ timeout: 30_000 })
        .then(() => Date.now()),
    ]);
    await page.waitForTimeout(Math.max(0, start + WINDOW_MS - Date.now()));
    const live = (await endpointStats()).reduce((sum, stats) => ({ http: sum.http + stats.httpRequests, head: sum.head + stats.headPolls }), { http: 0, head: 0 });
    const watched = historyRequests.length;
    const liveMethods = rpcMethods;
    rpcMethods = [];

    // The same page and the same kind of row, history blocked: what the page asks the node anyway.
    await page.route("**/history/**", (route) => route.abort());
    await resetEndpointStats();
    const baselineStart = Date.now();
    await listOnChain();
    await page.waitForTimeout(Math.max(0, baselineStart + WINDOW_MS - Date.now()));
    const without = (await endpointStats()).reduce((sum, stats) => ({ http: sum.http + stats.httpRequests, head: sum.head + stats.headPolls }), { http: 0, head: 0 });
    await page.unroute("**/history/**");

    console.log(
      `row from elsewhere: shown ${shownMs - indexedMs} ms after it was indexed; in ${WINDOW_MS / 1000} s the page made ${live.http} JSON-RPC requests ` +
        `(${live.head} head polls) and ${watched} requests to the indexer; without history ${without.http} JSON-RPC requests (${without.head} head polls); ` +
        `methods with history: ${liveMethods.join(", ")}; without: ${rpcMethods.join(", ")}`,
    );
    expect(shownMs - indexedMs).toBeLessThanOrEqual(10_000);
    expect(watched).toBeGreaterThan(0);
    // One head poll either way: the two windows start at different points of its 4 s beat.
    expect(live.http).toBeLessThanOrEqual(without.http + 1);
    expect(await stillMarked(page)).toBe(true);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});

/** Buys the queue's head order in `count` tiny fills, a few hundred a block: signed here, sent in
 *  JSON-RPC batches with automine off, then mined block by block (4,000 blocks of one would take
 *  the indexer minutes). */
async function buyInTinyFills(buyerKey: string, count: number): Promise<void> {
  const buyer = new Wallet(buyerKey, chain.provider);
  await chain.mint("USDT", buyer.address, parseEther("100"));
  await (await chain.token("USDT").connect(buyer).approve(chain.addresses.MvMarket, MaxUint256)).wait();
  const to = chain.addresses.MvMarket;
  const data = chain.market.interface.encodeFunctionData("buy", [TINY, 0n]);
  const gasLimit = ((await chain.provider.estimateGas({ from: buyer.address, to, data })) * 12n) / 10n;
  // Full blocks raise the base fee an eighth a block: a price well above it keeps every buy minable.
  const gasPrice = ((await chain.provider.getBlock("latest"))!.baseFeePerGas ?? 1_000_000_000n) * 100n;
  const nonce = await chain.nonce(buyer.address);
  await chain.setAutomine(false);
  try {
    const BATCH = 250;
    for (let from = 0; from < count; from += BATCH) {
      const size = Math.min(BATCH, count - from);
      const signed = await Promise.all(Array.from({ length: size }, (_, i) => buyer.signTransaction({ to, data, nonce: nonce + from + i, gasLimit, gasPrice, chainId: 56n, type: 0 })));
      const reply = await fetch(stack.nodeUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(signed.map((raw, id) => ({ jsonrpc: "2.0", id, method: "eth_sendRawTransaction", params: [raw] }))),
      });
      const answers = (await reply.json()) as { error?: { message: string } }[];
      const refused = answers.find((answer) => answer.error);
      if (refused) throw new Error(`the node refused a buy: ${refused.error!.message}`);
    }
    while ((await chain.nonce(buyer.address)) < nonce + count) await chain.mine();
  } finally {
    await chain.setAutomine(true);
  }
}

/** What the page holds: its DOM nodes, and the rows of the list rendered, the first and last by place. */
function sample(list: Locator) {
  return list.evaluate((list) => {
    const rows = Array.from(list.children);
    return {
      nodes: document.getElementsByTagName("*").length,
      rows: rows.length,
      first: Number(rows[0]?.getAttribute("aria-posinset") ?? 0),
      last: Number(rows.at(-1)?.getAttribute("aria-posinset") ?? 0),
      setSize: Number(rows[0]?.getAttribute("aria-setsize") ?? 0),
    };
  });
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  await cdp.detach();
  return Math.round((usedSize / 1_048_576) * 10) / 10;
}

describe("a long history list", () => {
  let order: bigint;
  beforeAll(async () => {
    // Buy out the seeded orders: the seller's order is then the queue's head, and every buy fills it.
    const clearer = new Wallet(CLEARER_KEY, chain.provider);
    await chain.mint("USDT", clearer.address, parseEther("100000"));
    await (await chain.token("USDT").connect(clearer).approve(chain.addresses.MvMarket, MaxUint256)).wait();
    while ((await chain.market.mvForSale()) > 0n) await (await chain.market.connect(clearer).buy(parseEther("100000"), 0n)).wait();
    const seller = new Wallet(SELLER_KEY, chain.provider);
    await chain.mint("MV", seller.address, parseEther("100"));
    await (await chain.token("MV").connect(seller).approve(chain.addresses.MvMarket, MaxUint256)).wait();
    await (await chain.market.connect(seller).list(parseEther("100"))).wait();
    order = (await chain.market.orderCount()) - 1n;
    const started = Date.now();
    await buyInTinyFills(BUYER_KEY, FILLS);
    const bought = Date.now();
    await indexerCaughtUp(300_000);
    console.log(`${FILLS} fills of order #${order}: bought in ${Math.round((bought - started) / 1000)} s, indexed ${Math.round((Date.now() - bought) / 1000)} s later`);
  }, 600_000);

  it(`scrolls through an order's ${FILLS} fills, a hundred a request, with the DOM it had at the first hundred`, { timeout: 300_000 }, async () => {
    const app = await openApp({ key: SELLER_KEY, route: "/pages/index/salelist", viewport: { width: 360, height: 740 } });
    const { page } = app;
    const fillRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(`/history/orders/${order}/fills`)) fillRequests.push(new URL(request.url()).search);
    });
    const mine = card(page, "My orders and their fills");
    const before = await page.evaluate(() => document.getElementsByTagName("*").length);
    await mine.getByRole("button", { name: `Show all ${FILLS} fills` }).click();
    // The fills scroll in a box of their own: a region named for them.
    const box = page.getByRole("region", { name: `Fills of order #${order}` });
    const list = box.getByRole("list");
    await list.getByRole("listitem").first().waitFor();
    const first = await sample(list);
    const heapFirst = await heapMb(page);

    // Scroll the box to its end until the oldest fill shows: each end reached reads the next hundred.
    let most = first;
    for (let step = 0; ; step++) {
      await box.evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight }));
      await page.waitForTimeout(60);
      const now = await sample(list);
      if (now.nodes > most.nodes) most = now;
      if (now.last === FILLS) break;
      expect(step, "scrolled without reaching the oldest fill").toBeLessThan(1_000);
    }
    const end = await sample(list);
    const heapEnd = await heapMb(page);
    // Half way back up, by the scroll bar: the rows there, and no more of them.
    await box.evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight / 2 }));
    await expect.poll(async () => (await sample(list)).first).toBeGreaterThan(1_000);
    const middle = await sample(list);

    console.log(
      `${FILLS} fills at 360 px: ${fillRequests.length} requests (${fillRequests.filter((search) => search.includes("limit=100")).length} of 100 rows); ` +
        `DOM nodes ${before} before "Show all", ${first.nodes} at the first ${first.setSize}, at most ${most.nodes} while scrolling, ${end.nodes} at the end, ${middle.nodes} in the middle; ` +
        `rows in the DOM ${first.rows} / ${end.rows} / ${middle.rows}; JS heap ${heapFirst} MB at the first hundred, ${heapEnd} MB with all ${end.setSize}`,
    );
    expect(end.setSize).toBe(FILLS);
    // Every request asked for a hundred rows: 40 for 4,000, not 200.
    expect(fillRequests.every((search) => search.includes("limit=100"))).toBe(true);
    expect(fillRequests.length).toBe(FILLS / 100);
    // Bounded: the DOM at 4,000 rows is that at 100, give or take a few rows' worth.
    expect(most.nodes - first.nodes).toBeLessThanOrEqual(150);
    expect(Math.max(first.rows, end.rows, middle.rows)).toBeLessThanOrEqual(40);
    expect(middle.last - middle.first + 1).toBe(middle.rows);
    expect(await axeViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);

    // By keyboard: Page Down in the focused box scrolls it; Tab walks the rows one by one past those first rendered.
    await box.evaluate((scroller) => scroller.scrollTo({ top: 0 }));
    await expect.poll(async () => (await sample(list)).first, { timeout: 5_000 }).toBe(1);
    await box.focus();
    for (let press = 0; press < 5; press++) await page.keyboard.press("PageDown");
    await expect.poll(async () => (await sample(list)).first).toBeGreaterThan(10);
    // Keyboard scrolling is animated: it comes to rest before the box is scrolled back, or its last
    // steps land after that (on a loaded machine the list stayed a few rows down).
    const scrollTop = () => box.evaluate((scroller) => scroller.scrollTop);
    await expect
      .poll(async () => {
        const before = await scrollTop();
        await page.waitForTimeout(150);
        return (await scrollTop()) === before;
      })
      .toBe(true);
    await box.evaluate((scroller) => scroller.scrollTo({ top: 0 }));
    await expect.poll(async () => (await sample(list)).first, { timeout: 5_000 }).toBe(1);
    const initial = await sample(list);
    await list.getByRole("link").first().focus();
    for (let press = 0; press < initial.rows + 20; press++) await page.keyboard.press("Tab");
    const focusedPlace = await page.evaluate(() => Number(document.activeElement?.closest("[aria-posinset]")?.getAttribute("aria-posinset") ?? 0));
    expect(focusedPlace).toBe(initial.rows + 21);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("on a desktop, lays the fills out on one line each and keeps the DOM bounded", { timeout: 120_000 }, async () => {
    const app = await openApp({ key: SELLER_KEY, route: "/pages/index/salelist", viewport: { width: 1280, height: 900 } });
    const { page } = app;
    await card(page, "My orders and their fills").getByRole("button", { name: `Show all ${FILLS} fills` }).click();
    const box = page.getByRole("region", { name: `Fills of order #${order}` });
    const list = box.getByRole("list");
    await list.getByRole("listitem").first().waitFor();
    for (let step = 0; step < 10; step++) {
      await box.evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight }));
      await page.waitForTimeout(100);
    }
    const now = await sample(list);
    console.log(`desktop: ${now.setSize} fills loaded, ${now.rows} rows in the DOM, ${now.nodes} DOM nodes`);
    expect(now.setSize).toBeGreaterThan(500);
    expect(now.rows).toBeLessThanOrEqual(60);
    expect(await axeViolations(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
