/**
 * What a screen costs in headless Chromium with the injected wallet: the JSON-RPC requests from
 * navigation to 'data shown' (counted by the proxies in front of the node, all of the app's endpoints), and the time to 'home
 * data shown' against the time to first paint of a static page. The benchmark measures with it, and
 * so does the browser suite's budget test (test/e2e/budgets.test.ts), through the proxies' control server.
 */
import { Wallet } from "ethers";
import type { Browser, Page } from "playwright-core";

import { PAGES } from "../../web/src/lib/routing/paths";
import { PERSIST_VERSION, STORAGE_KEY } from "../../web/src/store/persistence";
import { login } from "../lib/account-api-client";
import { newAppContext, settled, titleOf, withQuery } from "../lib/app-pages";
import { DEMO_ADDRESS, DEMO_KEY, InjectedWallet } from "../lib/injected-wallet";
import type { ProxyStats, RpcProxy } from "../lib/rpc-proxy";

/** A screen that reads nothing from the chain: each measurement starts from it. */
const NEUTRAL = "/pages/bind/bind";

export interface ScreenRequests {
  route: string;
  /** JSON-RPC HTTP requests the screen made (the head watch's block-number polls are not its own). */
  httpRequests: number;
  calls: number;
}

/** 'Data shown': no figure still loading, and the app's JSON-RPC quiet for this long. */
const QUIET_MS = 300;

/**
 * The app's JSON-RPC endpoints as the measurement counts them: the proxies in this process (the
 * benchmark's, `localEndpoints`), or behind their control server (the browser tests').
 */
export interface CountedEndpoints {
  /** Zeroes every endpoint's counters. */
  reset(): Promise<void>;
  /** Every endpoint's counters since the last reset. */
  read(): Promise<ProxyStats[]>;
  /** Resolves once no endpoint has a request in flight or has had one for `quietMs`. */
  idle(quietMs: number): Promise<void>;
}

export const localEndpoints = (proxies: readonly RpcProxy[]): CountedEndpoints => ({
  reset: async () => proxies.forEach((proxy) => proxy.reset()),
  read: async () => proxies.map((proxy) => proxy.read()),
  idle: async (quietMs) => {
    await Promise.all(proxies.map((proxy) => proxy.idle(quietMs)));
  },
});

/** Alice (the dev wallet, whose account every stack seeds) logs in with a signature, as the login
 *  page does; `apiUrl` is the API's base URL, or the web server's that passes /api on to it. */
export async function signInAlice(apiUrl: string): Promise<string> {
  const reply = await login({ url: apiUrl }, new Wallet(DEMO_KEY.alice));
  if (reply.status !== 200) throw new Error(`/api/login: ${reply.status} ${reply.text}`);
  return (reply.body as { token: string }).token;
}

/**
 * A fresh page with the injected wallet of Alice (seeded with records, team, orders and earnings,
 * so screens have data); with `token`, signed in to the account API as her.
 */
async function openPage(browser: Browser, nodeUrl: string, token?: string) {
  const context = await newAppContext(browser);
  const page = await context.newPage();
  await new InjectedWallet(nodeUrl, DEMO_KEY.alice).attach(page);
  if (token) {
    const account = DEMO_ADDRESS.alice.toLowerCase();
    const stored = JSON.stringify({ state: { user: { account, token }, sessions: { [account]: token } }, version: PERSIST_VERSION });
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [STORAGE_KEY, stored] as const);
  }
  return { context, page };
}

/**
 * The JS and CSS the browser fetches for the home route until its data shows and the network is
 * idle: the truth about the initial download, lazy chunks the home page pulls in included (the
 * member card, for a signed-in user). Returns the build's file names.
 */
export async function homeDownload(browser: Browser, webUrl: string, nodeUrl: string, token?: string): Promise<string[]> {
  const { context, page } = await openPage(browser, nodeUrl, token);
  const origin = new URL(webUrl).origin;
  const files = new Set<string>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && /\.(js|css)$/.test(url.pathname)) files.add(url.pathname.slice(1));
  });
  await page.goto(`${webUrl}/#/`);
  await dataShown(page, titleOf("titles.home"));
  // The member card's account, by its label (a Stat's figure: a definition labelled by its term).
  if (token) await page.getByLabel("Account", { exact: true }).and(page.getByRole("definition")).waitFor();
  await page.waitForLoadState("networkidle");
  await context.close();
  return [...files].sort();
}

/** The screen titled `title` is up and none of its figures is still loading. */
const dataShown = (page: Page, title: string) => settled(page, { title });

async function navigate(page: Page, route: string, title: string, endpoints: CountedEndpoints): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${route}`);
  await dataShown(page, title);
  // Figures shown as '…' rather than a skeleton, and reads that follow others, end here too.
  await endpoints.idle(QUIET_MS);
  await dataShown(page, title);
}

/**
 * For each route: from a screen that reads nothing, the proxies' counts are zeroed, the route is
 * opened (in the running app, as a click in the sidebar does) and counted, at every endpoint, until
 * its data shows.
 */
export async function measureRequests(browser: Browser, webUrl: string, nodeUrl: string, endpoints: CountedEndpoints): Promise<ScreenRequests[]> {
  const { context, page } = await openPage(browser, nodeUrl);
  await page.goto(`${webUrl}/#/`);
  await dataShown(page, titleOf("titles.home"));
  const results: ScreenRequests[] = [];
  for (const route of PAGES) {
    const target = withQuery(route.path);
    // Each page's code is fetched once first, so that only JSON-RPC is counted, as after a first visit.
    await navigate(page, target, titleOf(route.title), endpoints);
    await navigate(page, NEUTRAL, titleOf("titles.bind"), endpoints);
    await endpoints.reset();
    await navigate(page, target, titleOf(route.title), endpoints);
    const stats = await endpoints.read();
    const sum = (key: "httpRequests" | "calls" | "headPolls") => stats.reduce((total, proxy) => total + proxy[key], 0);
    results.push({ route: route.path, httpRequests: sum("httpRequests") - sum("headPolls"), calls: sum("calls") - sum("headPolls") });
  }
  await context.close();
  return results;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export interface TimeReport {
  homeDataShownMs: number[];
  staticFirstPaintMs: number[];
  medianHomeMs: number;
  medianStaticMs: number;
  ratio: number;
}

/** Median of `runs` cold loads each (a new browser context every time). */
export async function measureTime(browser: Browser, webUrl: string, nodeUrl: string, runs = 5): Promise<TimeReport> {
  const home: number[] = [];
  const empty: number[] = [];
  for (let run = 0; run < runs; run++) {
    const app = await openPage(browser, nodeUrl);
    await app.page.goto(`${webUrl}/#/`);
    await app.page.getByLabel("Lucky reward pool", { exact: true }).and(app.page.getByRole("definition")).filter({ hasText: "USDT" }).waitFor();
    await dataShown(app.page, titleOf("titles.home"));
    home.push(await app.page.evaluate(() => performance.now()));
    await app.context.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${webUrl}/bench-empty.html`);
    const paint = await page.waitForFunction(() => performance.getEntriesByName("first-paint")[0]?.startTime, undefined, { timeout: 10_000 });
    empty.push((await paint.jsonValue()) as number);
    await context.close();
  }
  const medianHomeMs = median(home);
  const medianStaticMs = median(empty);
  return { homeDataShownMs: home, staticFirstPaintMs: empty, medianHomeMs, medianStaticMs, ratio: medianHomeMs / medianStaticMs };
}
