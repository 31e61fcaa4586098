/**
 * Reads that survive a failing node: the app is built with two JSON-RPC endpoints (two proxies in
 * front of the node, global-setup.ts). The first misbehaves as a throttled, stuck or lying public
 * node does (errors and bad results with HTTP 200, another chain); every screen must still show its
 * data, read through the second, and the first must be left alone for its cool-down
 * (web/src/lib/contracts/rpc-pool.ts), or for the longest one when on another chain, instead of costing every
 * read a failed request.
 */
import type { Locator, Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";

import { DEMO_KEY } from "../../scripts/lib/injected-wallet";
import { WRONG_CHAIN_ID, type ProxyMode } from "../../scripts/lib/rpc-proxy";
import { POOL_DEFAULTS } from "../../web/src/lib/contracts/rpc-pool";
import { card, figure, openApp, type AppSession } from "./support/browser";
import { endpointStats, resetEndpointStats, setEndpoint, setNode } from "./support/endpoints";

const FIRST = 0;
/** The app's head watch reads every 4 s (HEAD_POLL_MS of web/src/lib/contracts/chain-status.ts, a
 *  module this node-side test cannot load: it imports the app's store). */
const HEAD_POLL_MS = 4_000;
/** How long each case watches the endpoints from the first endpoint's first request: past the first
 *  cool-down however the page's head watch (a read every 4 s) falls, a stall included: 3 s to give
 *  up on it, 5 s of cool-down, up to 4 s to the next read, 4 s to spare. Counted from that request,
 *  not from the page's opening, so a slow machine opening the page slowly shortens nothing. */
const WATCH_MS = POOL_DEFAULTS.stallTimeoutMs + POOL_DEFAULTS.coolDownMs + HEAD_POLL_MS + 4_000;

/** The main screens, each with a figure that only shows once its reads were answered. */
const SCREENS: { route: string; data: (page: Page) => Locator }[] = [
  { route: "/", data: (page) => figure(page, "Lucky reward pool").filter({ hasText: "USDT" }) },
  { route: "/pages/index/miningX", data: (page) => figure(page, "Lowest hashrate").filter({ hasText: "20" }) },
  { route: "/pages/index/exchangeMvToX", data: (page) => figure(page, "Rate").filter({ hasText: "1 MV = 2 X" }) },
  { route: "/pages/index/exchangeMV", data: (page) => figure(page, "MV for sale").filter({ hasText: "MV" }) },
  // Order #0's status, in the list of all orders.
  {
    route: "/pages/index/salelist",
    data: (page) =>
      card(page, "All orders")
        .getByRole("listitem")
        .filter({ hasText: /Index #0(?!\d)/ })
        .getByText(/^(Active|Sold out|Withdrawn)$/),
  },
  { route: "/pages/index/myProfile", data: (page) => figure(page, "Machine revenue").filter({ hasText: "USD" }) },
  { route: "/pages/index/index", data: (page) => figure(page, "Lucky reward pool").filter({ hasText: "USDT" }) },
];

/** Opens the app on home, then every screen in turn (in the same page, as the menu does), each until its data shows and with no network banner. */
async function walkScreens(app: AppSession): Promise<void> {
  for (const screen of SCREENS) {
    await app.goto(screen.route);
    await screen.data(app.page).waitFor({ timeout: 20_000 });
    expect(await app.page.getByRole("alert").filter({ hasText: "Your network is abnormal, please try again later!" }).count(), screen.route).toBe(0);
  }
}

/** Requests this close together were sent before the first failure of the burst came back. */
const BURST_MS = 1_000;

/** Requests close together are one burst: its start, and how many. */
function bursts(arrivals: number[], withinMs = BURST_MS): { at: number; requests: number }[] {
  const result: { at: number; requests: number }[] = [];
  for (const at of arrivals) {
    const last = result.at(-1);
    if (last && at - last.at < withinMs) last.requests += 1;
    else result.push({ at, requests: 1 });
  }
  return result;
}

/** Each burst at the first endpoint came after the cool-down the one before it earned: 5 s, then 10 s, 20 s… */
function expectCoolDowns(starts: number[]): void {
  starts.slice(1).forEach((start, index) => {
    const coolDown = Math.min(POOL_DEFAULTS.coolDownMs * 2 ** index, POOL_DEFAULTS.maxCoolDownMs);
    // A little slack for the clocks: the browser's send and the proxy's arrival differ by a few ms.
    expect(start - starts[index], `burst ${index + 2}`).toBeGreaterThanOrEqual(coolDown - 50);
  });
}

/** The browser reports each 429 as a failed resource load: expected here, and not an error of the app. */
const appErrors = (app: AppSession) => app.errors.filter((error) => !error.startsWith("Failed to load resource"));

let app: AppSession | undefined;

beforeEach(async () => {
  await setNode("up");
  await resetEndpointStats();
});

afterEach(async () => {
  await app?.context.close();
  app = undefined;
  await setNode("up");
});

describe("when the first JSON-RPC endpoint fails", () => {
  // The cool-downs are watched for one answer of each kind (a rate limit by status, by body, a
  // stall, an error with HTTP 200): past them, the pool treats every fault alike
  // (rpc-pool.test.ts), so the other faults are checked for the walk, the skipping and the page.
  it.each<[string, ProxyMode, { retryAfterS?: number; watch: boolean; readsOnly?: boolean }]>([
    ["answers HTTP 429 with Retry-After: 60", "429", { retryAfterS: 60, watch: true }],
    ["answers a -32005 'limit exceeded' error body", "rate-limit", { watch: true }],
    ["stalls (never answers)", "stall", { watch: true }],
    ["answers every call with HTTP 200 and -32000 'request limit reached'", "request-limit", { watch: true }],
    ["answers every call with HTTP 200 and -32600 'Invalid Request'", "invalid-request", { watch: false }],
    ["answers every call with HTTP 200 and -32001 'API key required'", "api-key", { watch: false }],
    ["answers every call with HTTP 200 and a result of '0xzz'", "bad-result", { watch: false }],
    // Faulty for reads only: the diagnostics page's own probe (eth_blockNumber) is answered by it again after its cool-down.
    ["answers every read (aggregate3) with '0x', hex that is no answer to it", "empty-call", { watch: false, readsOnly: true }],
    ["answers every call but its chain check with code 3 'daily request limit reached', as a revert would", "revert-shaped", { watch: false }],
  ])("%s: every screen shows its data, read through the second, and the first is skipped for its cool-down", async (_name, mode, options) => {
    await setEndpoint(FIRST, mode, options);
    const started = Date.now();
    app = await openApp({ key: DEMO_KEY.alice, route: "/" });
    await walkScreens(app);
    const walkMs = Date.now() - started;
    // The app stays open (its head watch reads every 4 s): long enough for the first endpoint's cool-downs to end, or not.
    if (options.watch) {
      const firstAsked = (await endpointStats())[FIRST].arrivals[0] ?? started;
      await app.page.waitForTimeout(Math.max(0, firstAsked + WATCH_MS - Date.now()));
    }
    expect(await app.page.getByRole("alert").filter({ hasText: "Your network is abnormal, please try again later!" }).count()).toBe(0);

    const [first, second] = await endpointStats();
    const firstBursts = bursts(first.arrivals);
    console.info(`${mode}: walk of ${SCREENS.length} screens in ${(walkMs / 1000).toFixed(1)} s, ${options.watch ? `then watched to ${WATCH_MS / 1000} s after its first request` : "not watched longer"}; first endpoint ${first.httpRequests} requests in bursts ${JSON.stringify(firstBursts.map((burst) => ({ atMs: burst.at - started, requests: burst.requests })))}; second ${second.httpRequests}`);
    expect(first.httpRequests).toBeGreaterThan(0);
    // Every screen's reads were answered, and only the second endpoint answered.
    expect(second.httpRequests).toBeGreaterThanOrEqual(SCREENS.length);
    if (options.retryAfterS !== undefined) {
      // Told to come back in a minute: asked nothing more after its first answer, though the back-off alone would have asked at 5 s.
      expect(firstBursts).toHaveLength(1);
    } else if (!options.watch) {
      // Not watched past its first cool-down: skipped after its first answers, during the whole walk.
      expect(firstBursts.length).toBeLessThanOrEqual(Math.ceil(walkMs / POOL_DEFAULTS.coolDownMs) + 1);
      expectCoolDowns(firstBursts.map((burst) => burst.at));
    } else {
      // Asked again once each cool-down ended (not abandoned), and never before.
      expect(firstBursts.length).toBeGreaterThanOrEqual(2);
      expectCoolDowns(firstBursts.map((burst) => burst.at));
    }
    // A burst is the calls already in flight when the first failure came back: a couple, not a screen's worth each.
    expect(first.httpRequests).toBeLessThanOrEqual(firstBursts.length * 3);

    // The diagnostics page tells the same story: the second serves, the first has failed.
    await app.goto("/pages/test/test");
    const rows = card(app.page, "JSON-RPC endpoints").getByRole("listitem");
    /** Whether the endpoint of `row` is marked 'in use'. */
    const inUse = async (row: Locator) => (await row.getByText("in use", { exact: true }).count()) === 1;
    if (!options.readsOnly) {
      await expect.poll(() => inUse(rows.nth(1)), { timeout: 10_000 }).toBe(true);
      expect(await inUse(rows.nth(0))).toBe(false);
    }
    // Its failures, as the row says them ('12 ms · failures: 3 · skipped until …').
    expect(Number(/failures: (\d+)/.exec((await rows.nth(0).textContent()) ?? "")?.[1])).toBeGreaterThan(0);
    // The page's own probe answers on its own time: wait for it.
    if (!options.readsOnly) await expect.poll(() => figure(app!.page, "Endpoint in use").textContent(), { timeout: 10_000 }).toBe(inject("stack").appRpcUrls[1]);
    expect(appErrors(app)).toEqual([]);
  });

  it("serves another chain (eth_chainId 0x1): asked its chain once, never used, and the diagnostics page says so", async () => {
    await setEndpoint(FIRST, "wrong-chain");
    app = await openApp({ key: DEMO_KEY.alice, route: "/" });
    await SCREENS[0].data(app.page).waitFor({ timeout: 20_000 });
    // Past the first cool-down an endpoint that merely failed would have earned: this one is not asked again.
    await app.page.waitForTimeout(POOL_DEFAULTS.coolDownMs + 2_000);
    const [first, second] = await endpointStats();
    console.info(`wrong chain: first endpoint ${first.httpRequests} requests, second ${second.httpRequests}`);
    expect(first.httpRequests).toBe(1);
    expect(second.httpRequests).toBeGreaterThan(1);

    await app.goto("/pages/test/test");
    const rows = card(app.page, "JSON-RPC endpoints").getByRole("listitem");
    await expect.poll(() => rows.nth(1).getByText("in use", { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    expect(await rows.nth(0).textContent()).toContain(`wrong chain ${WRONG_CHAIN_ID}: out of use`);
    await expect.poll(() => figure(app!.page, "Endpoint in use").textContent(), { timeout: 10_000 }).toBe(inject("stack").appRpcUrls[1]);
    expect((await endpointStats())[FIRST].httpRequests).toBe(1);
    expect(appErrors(app)).toEqual([]);
  });

  it("the first recovers: after its cool-down it is asked again, and serves the screens from then on", async () => {
    await setEndpoint(FIRST, "rate-limit");
    app = await openApp({ key: DEMO_KEY.alice, route: "/" });
    await SCREENS[0].data(app.page).waitFor();
    // Every call sent before the first failure came back has arrived (and failed) by now: one that
    // arrived after the switch would succeed, which rightly ends the cool-down at once.
    await app.page.waitForTimeout(BURST_MS);
    await setEndpoint(FIRST, "pass");

    // The head watch (every 4 s) reads through the pool: the first is asked again once its 5 s are over, and answers.
    await expect.poll(async () => bursts((await endpointStats())[FIRST].arrivals).length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(2);
    const { arrivals } = (await endpointStats())[FIRST];
    console.info(`recovery: first endpoint asked at ${JSON.stringify(arrivals.map((at) => at - arrivals[0]))} ms`);
    expectCoolDowns(bursts(arrivals).map((burst) => burst.at));

    await resetEndpointStats();
    await walkScreens(app);
    const [first, second] = await endpointStats();
    console.info(`recovered: walk of ${SCREENS.length} screens, first endpoint ${first.httpRequests} requests, second ${second.httpRequests}`);
    expect(first.httpRequests).toBeGreaterThanOrEqual(SCREENS.length);
    expect(second.httpRequests).toBe(0);
    expect(appErrors(app)).toEqual([]);
  });
});
