import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import enCommon from "@/i18n/locales/en/common.json";
import en from "@/i18n/locales/en/pages.json";
import zhHansCommon from "@/i18n/locales/zh-Hans/common.json";
import zhHans from "@/i18n/locales/zh-Hans/pages.json";
import zhHantCommon from "@/i18n/locales/zh-Hant/common.json";
import zhHant from "@/i18n/locales/zh-Hant/pages.json";
import { ACTIVITY_PATH, HOME_PATH, TERMS_PATH } from "@/lib/routing/paths";
import { renderPage, where } from "@/test/render-page";
import { mockRpc } from "@/test/rpc-mock";

import { GROUP_HEADINGS, SIDEBAR } from "./layout/sidebar-entries";
import { ROUTES } from "./routes";

/** The product's 29 paths (docs/product/screens.md §2) ('/' and '/pages/index/index' both being home) and the page each opens. */
const EXPECTED: Record<string, string> = {
  "/": "home",
  "/pages/index/index": "home",
  "/pages/index/exchangeMV": "exchangeMV",
  "/pages/index/exchangeMvToX": "exchange",
  "/pages/index/exchangeWxbToX": "exchange",
  "/pages/index/exchangeUsdxToX": "exchange",
  "/pages/index/exchangeACB": "exchange",
  "/pages/index/exchangeUTOACB": "exchange",
  "/pages/index/myLink": "myLink",
  "/pages/index/myTeam": "myTeam",
  "/pages/index/myProfile": "myProfile",
  "/pages/index/miningX": "mining",
  "/pages/index/miningUsdt": "mining",
  "/pages/index/miningZyb": "mining",
  "/pages/index/miningAcb": "mining",
  "/pages/index/miningUsdx": "mining",
  "/pages/index/miningFtb": "mining",
  "/pages/index/miningUsdc": "mining",
  "/pages/index/query": "query",
  "/pages/index/salelist": "salelist",
  "/pages/index/changeSettler": "changeSettler",
  "/pages/test/test": "test",
  "/pages/machineRecord/machineRecord": "machineRecord",
  "/pages/bindOrRegister/bindOrRegister": "bindOrRegister",
  "/pages/bind/bind": "bind",
  "/pages/register/register": "register",
  "/pages/memberInfo/memberInfo": "memberInfo",
  "/pages/activity/activity": "activity",
  "/pages/terms/terms": "terms",
};

function renderAt(path: string) {
  mockRpc();
  return renderPage(path, { connected: false });
}

describe("routes", () => {
  it("has exactly the product's routes", () => {
    expect(ROUTES.map((route) => route.path).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))("%s opens its page with its title", async (path, page) => {
    await renderAt(path);
    expect(await screen.findByTestId(`page-${page}`)).toBeInTheDocument();
    const route = ROUTES.find((candidate) => candidate.path === path)!;
    const { i18next } = await import("@/i18n");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(i18next.t(route.title, { ns: "pages" }));
  });

  it("gives every page the query, with stype defaulting to 'default'", async () => {
    await renderAt("/pages/index/query?address=0xabc");
    expect(await screen.findByTestId("page-query")).toHaveAttribute("data-stype", "default");
    await renderAt("/pages/index/miningX?stype=choose");
    expect(await screen.findByTestId("page-mining")).toHaveAttribute("data-stype", "choose");
  });

  it("reports an unknown route and lands on home", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await renderAt("/pages/nowhere");
    expect(await screen.findByTestId("page-home")).toBeInTheDocument();
    expect(where()).toMatch(/^\/$/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("/pages/nowhere"));
  });

  it("opens a page for every sidebar entry", () => {
    for (const entry of SIDEBAR) {
      const path = entry.to.split("?")[0];
      expect(EXPECTED[path], entry.to).toBeDefined();
    }
    expect(SIDEBAR[0].to).toBe(HOME_PATH);
    // The product's 18 entries, Buy ACB, and the terms (docs/product/screens.md §3).
    expect(SIDEBAR).toHaveLength(20);
  });

  // docs/product/screens.md §2: a page no one can reach is a page no one uses (Buy ACB was one).
  it("reaches every page: from the menu, or from a link or a navigation on another page", () => {
    const sources = import.meta.glob<string>(["/src/**/*.tsx", "!/src/**/*.test.tsx", "!/src/test/**"], { query: "?raw", import: "default", eager: true });
    const linked = new Set(SIDEBAR.map((entry) => entry.to.split("?")[0]));
    for (const source of Object.values(sources)) {
      for (const match of source.matchAll(/href\(\s*"([^"]+)"/g)) linked.add(match[1]);
      // The constants of lib/routing/paths.ts, named where they are linked.
      if (/href\(\s*HOME_PATH/.test(source)) linked.add(HOME_PATH);
      if (/href\(\s*ACTIVITY_PATH/.test(source)) linked.add(ACTIVITY_PATH);
      if (/href\(\s*TERMS_PATH/.test(source)) linked.add(TERMS_PATH);
    }
    const unreached = ROUTES.map((route) => route.path).filter((path) => path !== "/" && !linked.has(path));
    expect(unreached).toEqual([]);
  });
});

describe("the menu", () => {
  it("groups the entries (Synthesis > token, Exchange > route), marks the current page and closes on Escape", async () => {
    await renderAt("/pages/index/miningUsdc");
    await screen.findByRole("heading", { level: 1, name: "Synthesis · USDC" });
    expect(screen.queryByRole("navigation", { name: "Menu", hidden: true })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    // Its code loads on the first opening (a dynamic import: slower on a loaded machine).
    const menu = await screen.findByRole("navigation", { name: "Menu" }, { timeout: 5_000 });
    expect(menu).toHaveAttribute("aria-hidden", "false");
    const synthesis = within(menu).getByRole("region", { name: "Synthesis" });
    const names = ["Synthesize Hashrate", "X", "USDT", "ACB", "USDX", "FTB", "USDC", "ZYB"];
    expect(within(synthesis).getAllByRole("link")).toEqual(names.map((name) => within(synthesis).getByRole("link", { name })));
    // The market and the exchange of MV to X: two things, two names.
    const exchange = within(menu).getByRole("region", { name: "Exchange" });
    expect(within(exchange).getByRole("link", { name: "MV Market" })).toHaveAttribute("href", expect.stringMatching(/\/pages\/index\/exchangeMV$/));
    expect(within(exchange).getByRole("link", { name: "MV to X" })).toHaveAttribute("href", expect.stringMatching(/\/pages\/index\/exchangeMvToX$/));
    const current = within(menu).getAllByRole("link").filter((link) => link.getAttribute("aria-current") === "page");
    expect(current).toEqual([within(menu).getByRole("link", { name: "USDC" })]);
    // Opening puts the focus on its close button: then the drawer listens for Escape too (both in
    // one effect, which React may run a moment after the drawer shows on a loaded machine).
    await waitFor(() => expect(within(menu).getByRole("button", { name: "Close" })).toHaveFocus());
    fireEvent.keyDown(window, { key: "Escape" });
    await waitFor(() => expect(menu).toHaveAttribute("aria-hidden", "true"));
  });
});

describe("the menu's names", () => {
  type Catalogue = { [key: string]: string | Catalogue };
  const textOf = (catalogue: Catalogue, key: string) => key.split(".").reduce<string | Catalogue>((node, part) => (node as Catalogue)[part], catalogue) as string;

  it.each([
    ["en", en],
    ["zh-Hans", zhHans],
    ["zh-Hant", zhHant],
  ] as const)("names each entry of a group differently in %s, none the start of another's (the market is not 'MV Exchange' beside 'MV Exchange X')", (_language, catalogue) => {
    for (const group of new Set(SIDEBAR.map((entry) => entry.group))) {
      const names = SIDEBAR.filter((entry) => entry.group === group).map((entry) => entry.token ?? textOf(catalogue, entry.label).trim());
      expect(new Set(names).size, group).toBe(names.length);
      for (const name of names) {
        expect(names.filter((other) => other !== name && other.startsWith(name)), name).toEqual([]);
      }
    }
  });

  it.each([
    ["en", en, enCommon],
    ["zh-Hans", zhHans, zhHansCommon],
    ["zh-Hant", zhHant, zhHantCommon],
  ] as const)("heads each group with a name none of its entries repeats in %s (the synthesis heading is not its first link)", (_language, pages, common) => {
    for (const [group, key] of Object.entries(GROUP_HEADINGS)) {
      const heading = textOf(common, key.replace("common:", ""));
      const names = SIDEBAR.filter((entry) => entry.group === group).map((entry) => entry.token ?? textOf(pages, entry.label).trim());
      expect(names.length, group).toBeGreaterThan(0);
      expect(names, `${group}: ${heading}`).not.toContain(heading);
    }
  });
});
