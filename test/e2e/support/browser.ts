/**
 * Chromium with the injected wallet, one browser per test file and one context per scenario.
 * Console errors and page errors are collected, so a scenario can say there were none.
 */
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expect, inject } from "vitest";

import { newAppContext, type Language } from "../../../scripts/lib/app-pages";
import { launchChromium } from "../../../scripts/lib/chromium";
import { InjectedWallet, type Presence } from "../../../scripts/lib/injected-wallet";
import { testChain } from "./chain";

let browser: Browser | undefined;

export async function launchBrowser(): Promise<Browser> {
  browser ??= await launchChromium(inject("stack").chromiumPath);
  return browser;
}

/** Closes the file's browser: the setup file (isolate-chain.ts) does it after each test file. */
export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

export interface AppSession {
  context: BrowserContext;
  page: Page;
  wallet: InjectedWallet | undefined;
  /** The other wallets of the browser (`otherWallets`), in the order given. */
  others: InjectedWallet[];
  /** Console errors and uncaught page errors, in order. */
  errors: string[];
  goto: (route: string) => Promise<void>;
}

export interface OpenOptions {
  /** The key the injected wallet signs with; no wallet at all when null. */
  key: string | null;
  /** How that wallet shows itself: `window.ethereum` unless told. */
  presence?: Presence;
  /** More wallets in the same browser (installed before the main one). */
  otherWallets?: { key: string; presence: Presence }[];
  /** A touch screen (a phone), not a mouse. */
  touch?: boolean;
  chainId?: string;
  /** The node's chain (BNB Chain's id unless told): the wallet signs for it. */
  nodeChainId?: number;
  knownChains?: string[];
  /** Whether the wallet let the site in before (true unless told): a first visit's wallet has not. */
  letIn?: boolean;
  language?: Language;
  /** The route to open, after '#'. */
  route?: string;
  /** The page's size; the phone size of newAppContext when not given. */
  viewport?: { width: number; height: number };
  /** Another stack than the one global-setup started (the `npm run dev` test's). */
  webUrl?: string;
  nodeUrl?: string;
}

export async function openApp(options: OpenOptions): Promise<AppSession> {
  const stack = { ...inject("stack"), ...(options.webUrl ? { webUrl: options.webUrl } : {}), ...(options.nodeUrl ? { nodeUrl: options.nodeUrl } : {}) };
  const context = await newAppContext(await launchBrowser(), options.language, options.viewport, { touch: options.touch });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    // History is optional (docs/decisions/indexer.md): without an indexer its requests fail, which
    // Chromium logs, and the page says history is unavailable, which the tests check.
    if (message.type() === "error" && !message.location().url.includes("/history/")) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  const others = (options.otherWallets ?? []).map(({ key, presence }) => new InjectedWallet(stack.nodeUrl, key, { presence }));
  for (const other of others) await other.attach(page);
  let wallet: InjectedWallet | undefined;
  if (options.key) {
    wallet = new InjectedWallet(stack.nodeUrl, options.key, {
      presence: options.presence,
      chainId: options.chainId,
      nodeChainId: options.nodeChainId,
      knownChains: options.knownChains,
      letIn: options.letIn,
    });
    await wallet.attach(page);
  }
  const goto = async (route: string) => {
    await page.goto(`${stack.webUrl}/#${route}`);
  };
  await goto(options.route ?? "/");
  return { context, page, wallet, others, errors, goto };
}

/**
 * The figure shown beside `label` (a Stat: the definition its term labels), on the page or in
 * `scope` (a card). By label: Playwright names no definition (ARIA 1.3 prohibits naming the role),
 * though Chromium, like ARIA 1.2, names it by aria-labelledby.
 */
export function figure(scope: Page | Locator, label: string) {
  return scope.getByLabel(label, { exact: true }).and(scope.getByRole("definition"));
}

/** The card titled `title` (a region named by its heading). */
export function card(scope: Page | Locator, title: string) {
  return scope.getByRole("region", { name: title, exact: true });
}

/** The connected wallet's chip in the navigation bar: the button that shows the account ('0x7099…79C8'). */
export function accountChip(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}/ });
}

/** The text input labelled `label`, on the page or in `scope` (a card). */
export function field(scope: Page | Locator, label: string) {
  return scope.getByRole("textbox", { name: label, exact: true });
}

/**
 * Step 1 of a spending flow's two, 'Authorize': an item of the steps list ('1 Authorize'), which
 * says 'done' (to a screen reader; a ✓ on screen) once the allowance covers the amount.
 */
export function authorizeStep(scope: Page | Locator) {
  return scope.getByRole("listitem").filter({ hasText: /^[1✓]Authorize(done)?$/ });
}

/** Types `text` into the text input labelled `label` as a user does, key by key. */
export async function type(scope: Page | Locator, label: string, text: string): Promise<void> {
  const input = field(scope, label);
  await input.fill("");
  await input.pressSequentially(text);
}

/** The pop-ups on screen: a message (a status, an alert for an error) with its Dismiss button. */
export function toasts(page: Page) {
  return page
    .getByRole("status")
    .or(page.getByRole("alert"))
    .filter({ has: page.getByRole("button", { name: "Dismiss" }) });
}

/** The pop-up (a transaction's or a wallet request's result) saying `text`: not the same words elsewhere on the page. */
export function toast(page: Page, text: string) {
  return toasts(page).filter({ hasText: text });
}

/**
 * Waits for the pop-up saying `text`; if it does not come, fails with what the page said instead
 * (its text, and any question left open), so that a run that could not be watched still says why.
 */
export async function awaitToast(page: Page, text: string, timeout?: number): Promise<void> {
  try {
    await toast(page, text).waitFor({ timeout });
  } catch (error) {
    const shown = await page
      .locator("body")
      .innerText({ timeout: 2_000 })
      .catch(() => "(the page did not answer)");
    throw new Error(`${(error as Error).message}\nThe page said instead:\n${shown.replace(/\n{2,}/g, "\n").slice(0, 3_000)}`, { cause: error });
  }
}

/**
 * Makes the node slow to answer the page's reads of some views, as a busy node is: every JSON-RPC
 * request whose body calls one of `selectors` (4-byte hex, with or without 0x; inside a Multicall
 * batch too) is held `ms` before it goes on. Everything else goes at once.
 */
export async function slowReads(page: Page, selectors: string[], ms: number): Promise<void> {
  const wanted = selectors.map((selector) => selector.replace(/^0x/, "").toLowerCase());
  await page.route("**/*", async (route) => {
    const request = route.request();
    const body = request.method() === "POST" ? (request.postData() ?? "").toLowerCase() : "";
    if (wanted.some((selector) => body.includes(selector))) await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}

/** Why an action was refused, under its buttons: an alert saying `text`, not a pop-up. */
export function refusal(page: Page, text: string) {
  return page
    .getByRole("alert")
    .filter({ hasText: text })
    .filter({ hasNot: page.getByRole("button", { name: "Dismiss" }) });
}

/** One channel: the field's problem under the field (labelled `label`), said once on the whole page, and no pop-up. */
export async function expectSaidOnceUnderField(page: Page, label: string, text: string): Promise<void> {
  // The problem may come from an answer still on its way (the settler's kind, a taken name): wait
  // for the field to name its note, then for the note to say it.
  const input = field(page, label);
  await expect.poll(() => input.getAttribute("aria-describedby")).not.toBeNull();
  const describedBy = await input.getAttribute("aria-describedby");
  await expect.poll(() => page.locator(`[id="${describedBy}"]`).textContent()).toBe(text);
  expect(await page.getByText(text, { exact: true }).count()).toBe(1);
  expect(await toasts(page).count()).toBe(0);
}

/**
 * After a refusal: give a late request time to show, then check that the wallet was asked for no
 * transaction (not even a gas estimate) since request `sinceRequest`, and that the account's nonce
 * did not move.
 */
export async function expectNothingSent(app: AppSession, nonceBefore: number, sinceRequest = 0): Promise<void> {
  await app.page.waitForTimeout(500);
  const asked = app.wallet!.requests.slice(sinceRequest).filter((request) => request.method === "eth_sendTransaction" || request.method === "eth_estimateGas");
  expect(asked).toEqual([]);
  expect(await testChain().nonce(app.wallet!.address)).toBe(nonceBefore);
}
