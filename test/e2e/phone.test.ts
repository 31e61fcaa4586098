/**
 * The app on a phone, 360 and 390 px wide, as a new user walks it: what is typed stays as typed and
 * is refused with the product's message, one message at a time, the two-step flow shows its progress,
 * nothing useless reaches the wallet, visitors see the figures, and nothing is cut or wrapped.
 */
import { Wallet, parseEther } from "ethers";
import { beforeAll, describe, expect, it } from "vitest";

import { settled, type Language } from "../../scripts/lib/app-pages";
import { DEMO_ADDRESS, DEMO_KEY, hardhatKey } from "../../scripts/lib/injected-wallet";
import { DEFAULT_TOLERANCE_BPS } from "../../web/src/store/settings-slice";
import { authorizeStep, awaitToast, card, expectNothingSent, expectSaidOnceUnderField, field, figure, openApp, refusal, type } from "./support/browser";
import { said } from "./support/catalogue";
import { testChain } from "./support/chain";
import { axeViolations, figureProblems, layoutProblems, expectLayoutShiftAtMost, recordLayoutShifts } from "./support/layout";

const chain = testChain();
/** A member under Bob with 1,000 X, 1,000 MV and 100 USDT; and one with only 10 X; and a wallet that never joined. */
const MEMBER = hardhatKey(12);
const POOR = hardhatKey(13);
const STRANGER = hardhatKey(14);
/** Members who have authorised nothing yet, one per width (the flow leaves an unlimited allowance). */
const FRESH = { 360: hardhatKey(16), 390: hardhatKey(19) } as const;

beforeAll(async () => {
  for (const key of [MEMBER, POOR, ...Object.values(FRESH)]) await chain.register(key, DEMO_ADDRESS.bob);
  for (const key of Object.values(FRESH)) await chain.mint("ACB", new Wallet(key).address, parseEther("100"));
  const member = new Wallet(MEMBER).address;
  await chain.mint("X", member, parseEther("1000"));
  await chain.mint("MV", member, parseEther("1000"));
  await chain.mint("USDT", member, parseEther("100"));
  await chain.mint("X", new Wallet(POOR).address, parseEther("10"));
});

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

describe.each(WIDTHS)("on a phone $width px wide", (viewport) => {
  it("keeps what was typed, refuses it once, under the field, and sends nothing", async () => {
    const app = await openApp({ key: MEMBER, route: "/pages/index/miningX", viewport });
    const { page, wallet } = app;
    await figure(page, "Authorized amount").filter({ hasNotText: "…" }).waitFor();
    const nonce = await chain.nonce(wallet!.address);
    for (const typed of ["40.0", "1e3", "-20"]) {
      await type(page, "Hashrate", typed);
      expect(await field(page, "Hashrate").inputValue()).toBe(typed);
      expect(await figure(page, "Cost").textContent()).toBe("—");
      await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
      await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
      await expectSaidOnceUnderField(page, "Hashrate", "Digits only, please: no commas, spaces or other signs.");
    }
    // A valid amount takes the message away at once.
    await type(page, "Hashrate", "40");
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await figure(page, "Cost").textContent()).toBe("80 X");

    await app.goto("/pages/index/exchangeMvToX");
    await figure(page, "Maximum exchangeable").filter({ hasNotText: "…" }).waitFor();
    await type(page, "Exchange amount", "-5");
    expect(await field(page, "Exchange amount").inputValue()).toBe("-5");
    await page.getByRole("button", { name: "Exchange", exact: true }).click();
    await expectSaidOnceUnderField(page, "Exchange amount", "Invalid quantity or exceeds maximum exchangeable amount");
    await expectNothingSent(app, nonce);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("checks the balance before an authorisation, so none is sent that could not be used", async () => {
    const app = await openApp({ key: POOR, route: "/pages/index/miningX", viewport });
    const { page, wallet } = app;
    await figure(page, "Balance").filter({ hasText: "10 X" }).waitFor();
    const nonce = await chain.nonce(wallet!.address);
    await type(page, "Hashrate", "40");
    await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    await expectSaidOnceUnderField(page, "Hashrate", "X not enough");
    await expectNothingSent(app, nonce);
    await app.context.close();
  });

  it("shows the two steps: authorising waits in the wallet with the action held, then step 1 is done", async () => {
    const app = await openApp({ key: FRESH[viewport.width], route: "/pages/index/miningAcb", viewport });
    const { page, wallet } = app;
    await figure(page, "Balance").filter({ hasText: "100 ACB" }).waitFor();
    await type(page, "Hashrate", "20");
    expect(await authorizeStep(page).textContent()).not.toMatch(/done$/);

    wallet!.holdNext("eth_sendTransaction");
    await page.getByRole("checkbox", { name: "Authorize an unlimited amount, not just this one" }).check();
    await page.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ }).click();
    // Authorize now waits in the wallet (the one button saying so: the action below is still 'Confirm Synthesis').
    await page.getByRole("button", { name: "Confirm in wallet…", exact: true }).waitFor();
    // The action waits for its authorisation: it cannot be pressed meanwhile; the busy label fits.
    expect(await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).isDisabled()).toBe(true);
    expect(await layoutProblems(page)).toEqual([]);
    wallet!.release("eth_sendTransaction");

    await awaitToast(page, "Authorization successful");
    await expect.poll(() => authorizeStep(page).textContent()).toMatch(/done$/);
    // The authorisation's hash, shortened, in the note under the buttons.
    expect(await page.getByText(/^0x[0-9a-f]{8}…[0-9a-f]{8}$/).count()).toBe(1);
    // An unlimited allowance reads as a word, not as a 78-digit number.
    await figure(page, "Authorized amount").filter({ hasText: "Unlimited ACB" }).waitFor();
    await page.getByRole("button", { name: "Confirm Synthesis", exact: true }).click();
    await awaitToast(page, "Synthesis successful", 20_000);
    expect(await layoutProblems(page)).toEqual([]);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("says the settler already is the address typed, and sends nothing", async () => {
    const app = await openApp({ key: DEMO_KEY.alice, route: "/pages/index/changeSettler", viewport });
    const { page, wallet } = app;
    const current = await chain.community.settlerOf(DEMO_ADDRESS.alice);
    await figure(page, "Current settler").filter({ hasText: current }).waitFor();
    const nonce = await chain.nonce(wallet!.address);
    await type(page, "Settler wallet address", current.toLowerCase());
    await page.getByRole("button", { name: "Change settler", exact: true }).click();
    await expectSaidOnceUnderField(page, "Settler wallet address", "This address is already your settler.");
    await expectNothingSent(app, nonce);
    await app.context.close();
  });

  it("tells a wallet that is not registered to register before it gets a referral link", async () => {
    const app = await openApp({ key: STRANGER, route: "/pages/index/myLink", viewport });
    const { page } = app;
    await figure(page, "Referral link").filter({ hasText: "Register first to get your referral link." }).waitFor();
    expect(await page.getByRole("button", { name: "Copy", exact: true }).count()).toBe(0);
    await app.context.close();
  });

  it("shows visitors the figures of the exchange, mining and market pages, with a connect button in the page", async () => {
    const app = await openApp({ key: null, route: "/pages/index/exchangeMvToX", viewport });
    const { page } = app;
    await figure(page, "Rate").filter({ hasText: "1 MV = 2 X" }).waitFor();
    await figure(page, "Daily limit per wallet").filter({ hasText: "1,000 USD" }).waitFor();
    await page.getByRole("button", { name: "Connect Wallet", exact: true }).waitFor();
    await app.goto("/pages/index/miningUsdt");
    await figure(page, "Lowest hashrate").filter({ hasText: "100 hashrate" }).waitFor();
    await figure(page, "Lucky reward pool").filter({ hasText: "USDT" }).waitFor();
    await app.goto("/pages/index/exchangeMV");
    await figure(page, "MV for sale").filter({ hasText: "MV" }).waitFor();
    await figure(page, "Smallest order").filter({ hasText: "MV" }).waitFor();
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("keeps the chosen token in view and the menu grouped, marked and closed by Escape", async () => {
    const app = await openApp({ key: null, route: "/pages/index/miningZyb", viewport });
    const { page } = app;
    const chip = page.getByRole("navigation", { name: "Choose the token to pay with" }).getByRole("link", { name: "ZYB" });
    await chip.waitFor();
    await expect.poll(() => chip.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const frame = element.parentElement!.getBoundingClientRect();
      return box.left >= frame.left - 1 && box.right <= frame.right + 1;
    })).toBe(true);
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    // Closed, the menu is hidden from assistive technology (aria-hidden): found even so.
    const menu = page.getByRole("navigation", { name: "Menu", exact: true, includeHidden: true });
    await expect.poll(() => menu.getAttribute("aria-hidden")).toBe("false");
    expect(await menu.locator('[aria-current="page"]').textContent()).toContain("ZYB");
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.getAttribute("aria-hidden")).toBe("true");
    await app.context.close();
  });

  it.each(["en", "zh-Hans", "zh-Hant"] as Language[])("fits the header and every button of a visitor's screens in %s, with no axe violation", async (language) => {
    const app = await openApp({ key: null, language, route: "/", viewport });
    const { page } = app;
    for (const route of ["/", "/pages/index/miningUsdt", "/pages/index/exchangeWxbToX", "/pages/index/exchangeMV", "/pages/index/salelist", "/pages/bindOrRegister/bindOrRegister"]) {
      await app.goto(route);
      await page.locator('[data-testid^="page-"]').first().waitFor();
      await settled(page, { timeoutMs: 15_000 });
      expect(await layoutProblems(page), route).toEqual([]);
      expect(await axeViolations(page), route).toEqual([]);
    }
    await app.context.close();
  });
});

describe("a member's figures on the narrowest phone, 360 px", () => {
  it.each(["en", "zh-Hans", "zh-Hant"] as Language[])(
    "fit in %s once an amount is typed: what is held and authorised, the bound with its tolerance note, the estimate",
    async (language) => {
      const app = await openApp({ key: MEMBER, language, route: "/pages/index/miningX", viewport: WIDTHS[0] });
      const { page } = app;
      const text = (key: string, values?: Record<string, string>) => said(key, language, values);
      // The bound's note says the tolerance; on the market page the two forms' holdings are told apart by their cards.
      const note = page.getByText(text("trade:tolerance", { percent: String(DEFAULT_TOLERANCE_BPS / 100) }), { exact: true });
      const list = card(page, text("pages:market.list"));
      const buy = card(page, text("pages:market.buy"));
      const screens = [
        {
          route: "/pages/index/miningX",
          field: "pages:mining.hashrate",
          amount: "40",
          figures: [...["pages:mining.balance", "pages:mining.authorized", "pages:mining.cost", "trade:payAtMost"].map((label) => figure(page, text(label))), note],
        },
        {
          route: "/pages/index/exchangeMvToX",
          field: "pages:forms.exchangeAmount",
          amount: "1",
          figures: [
            ...["pages:exchange.balance", "pages:mining.authorized", "pages:exchange.maxExchangeable", "pages:exchange.receive", "trade:receiveAtLeast"].map((label) => figure(page, text(label))),
            note,
          ],
        },
        {
          route: "/pages/index/exchangeMV",
          field: "pages:forms.usdtAmount",
          amount: "1",
          figures: [
            ...[list, buy].flatMap((form) => [figure(form, text("pages:mining.balance")), figure(form, text("pages:mining.authorized"))]),
            figure(page, text("pages:market.estimate")),
            figure(page, text("trade:receiveAtLeast")),
            note,
          ],
        },
      ];
      for (const { route, field, amount, figures } of screens) {
        await app.goto(route);
        await type(page, text(field), amount);
        await figures.at(-1)!.waitFor();
        await settled(page, { timeoutMs: 15_000 });
        expect(await figureProblems(figures), `${route} in ${language}`).toEqual([]);
        expect(await layoutProblems(page), `${route} in ${language}`).toEqual([]);
      }
      expect(app.errors).toEqual([]);
      await app.context.close();
    },
  );
});

describe("the first paint", () => {
  it("comes from the HTML alone: the shell's bar, banner and cards, in the app's geometry, before any script", async () => {
    const app = await openApp({ key: null, route: "/", viewport: WIDTHS[1] });
    const { page } = app;
    await page.route("**/*.js", (route) => route.abort());
    await page.reload();
    const bar = await page.locator(".shell-nav").boundingBox();
    const banner = page.locator("img.shell-hero");
    await banner.waitFor();
    expect(bar).toMatchObject({ y: 0, height: 52 });
    expect(await banner.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await page.locator(".shell-card").count()).toBe(3);
    await page.unroute("**/*.js");
    await app.context.close();
  });

  it("does not hold the app back when the banner never arrives", async () => {
    const app = await openApp({ key: null, route: "/pages/test/test", viewport: WIDTHS[1] });
    const { page } = app;
    // The banner's request is left unanswered, as on a stalled network.
    await page.route("**/hero.svg", () => undefined);
    // The page's load event waits for that image too: wait only for the navigation itself.
    await page.reload({ waitUntil: "commit" });
    await page.getByTestId("page-test").waitFor({ timeout: 10_000 });
    await app.context.close();
  });

  it("is taken over by the app without a layout shift", async () => {
    const app = await openApp({ key: DEMO_KEY.alice, route: "/pages/test/test", viewport: WIDTHS[1] });
    const { page } = app;
    await recordLayoutShifts(page);
    await app.goto("/");
    await page.reload();
    await figure(page, "Lucky reward pool").filter({ hasText: "USDT" }).waitFor();
    await settled(page);
    await page.waitForTimeout(500);
    await expectLayoutShiftAtMost(page, 0.02);
    // The header React draws is where the shell's was.
    expect(await page.getByRole("banner").boundingBox()).toMatchObject({ y: 0, height: 52 });
    await app.context.close();
  });
});

describe("after a claim", () => {
  it("says when the next claim is possible in a neutral line, with no error on the card", async () => {
    const key = hardhatKey(15);
    const member = new Wallet(key, chain.provider);
    await chain.memberWithX(key);
    await (await chain.token("X").connect(member).approve(chain.addresses.Main, parseEther("1000"))).wait();
    await (await chain.main.connect(member).synthesize(chain.addresses.X, 200n, await chain.main.costOf(chain.addresses.X, 200n))).wait();
    await chain.travel(86_400);

    const app = await openApp({ key, route: "/pages/index/myProfile", viewport: WIDTHS[1] });
    const { page } = app;
    await page.getByRole("button", { name: "Claim revenue", exact: true }).click();
    await awaitToast(page, "Revenue received");
    const line = page.getByText(/^Next claim possible in/);
    await line.waitFor();
    const colours = await line.evaluate((element) => {
      const style = getComputedStyle(element.parentElement!);
      const danger = getComputedStyle(document.documentElement).getPropertyValue("--danger").trim();
      const probe = document.createElement("span");
      probe.style.color = danger;
      document.body.append(probe);
      const red = getComputedStyle(probe).color;
      probe.remove();
      return { line: style.color, red };
    });
    expect(colours.line).not.toBe(colours.red);
    expect(await page.getByRole("main").getByRole("alert").count()).toBe(0);
    expect(await page.getByRole("main").textContent()).not.toContain("Reward Balance Not Enough");
    // Claiming again within the minute is what the user did wrong: that is said, under the button.
    await page.getByRole("button", { name: "Claim revenue", exact: true }).click();
    await refusal(page, "The interval between each claim must be greater than 60 seconds.").waitFor();
    await app.context.close();
  });
});
