/**
 * The app's routes (the table of route-table.ts with each page's loader) and the sidebar. Pages
 * load lazily.
 */
import type { ParseKeys } from "i18next";
import type { ComponentType } from "react";

import type { SynthesisToken } from "@product";
import { loadPageMessages } from "@/i18n";

import { HOME_PATH, ROUTE_TABLE, type RoutePath } from "./route-table";

export { HOME_PATH };

/** A key of the 'pages' namespace. */
export type PageKey = ParseKeys<"pages">;

export interface PageProps {
  /** The page address's query parameters; `stype` is 'default' when absent. */
  query: Readonly<Record<string, string>>;
}

export type PageModule = { default: ComponentType<PageProps> };

export interface AppRoute {
  path: string;
  title: PageKey;
  load: () => Promise<PageModule>;
}

const home = () => import("@/features/home/home-page");
const mining = () => import("@/features/mining/mining-page");
const exchange = () => import("@/features/exchange/exchange-page");

/** Each route's page, loaded when first visited. */
const LOADERS: Record<RoutePath, () => Promise<PageModule>> = {
  "/": home,
  [HOME_PATH]: home,
  "/pages/index/exchangeMV": () => import("@/features/market/exchange-mv-page"),
  "/pages/index/exchangeMvToX": exchange,
  "/pages/index/exchangeWxbToX": exchange,
  "/pages/index/exchangeUsdxToX": exchange,
  "/pages/index/exchangeACB": exchange,
  "/pages/index/exchangeUTOACB": exchange,
  "/pages/index/myLink": () => import("@/features/links/my-link-page"),
  "/pages/index/myTeam": () => import("@/features/team/my-team-page"),
  "/pages/index/myProfile": () => import("@/features/earnings/my-profile-page"),
  "/pages/index/miningX": mining,
  "/pages/index/miningUsdt": mining,
  "/pages/index/miningZyb": mining,
  "/pages/index/miningAcb": mining,
  "/pages/index/miningUsdx": mining,
  "/pages/index/miningFtb": mining,
  "/pages/index/miningUsdc": mining,
  "/pages/index/query": () => import("@/features/query/query-page"),
  "/pages/index/salelist": () => import("@/features/market/sale-list-page"),
  "/pages/index/changeSettler": () => import("@/features/links/change-settler-page"),
  "/pages/test/test": () => import("@/features/diagnostics/test-page"),
  "/pages/machineRecord/machineRecord": () => import("@/features/records/machine-record-page"),
  "/pages/bindOrRegister/bindOrRegister": () => import("@/features/account/bind-or-register-page"),
  "/pages/bind/bind": () => import("@/features/account/bind-page"),
  "/pages/register/register": () => import("@/features/account/register-page"),
  "/pages/memberInfo/memberInfo": () => import("@/features/query/member-info-page"),
};

/** Every page but home can show an error message at once (a field's check): it loads them with its code. */
const withPageMessages = (load: () => Promise<PageModule>) => () => Promise.all([load(), loadPageMessages()]).then(([module]) => module);

export const ROUTES: readonly AppRoute[] = (ROUTE_TABLE satisfies readonly { path: string; title: PageKey }[]).map((route) => ({
  ...route,
  load: LOADERS[route.path] === home ? home : withPageMessages(LOADERS[route.path]),
}));

export type SidebarGroup = "main" | "synthesis" | "exchange" | "me";

export interface SidebarEntry {
  label: PageKey;
  to: string;
  /** The menu's section: synthesis by token, exchange by route, the member's own pages. */
  group: SidebarGroup;
  /** The token a synthesis entry pays with: its icon, and its symbol as the label. */
  token?: SynthesisToken;
}

/** The sidebar: the spec's entries, grouped (Synthesis > token, Exchange > route). The plain
 *  synthesis entry opens the token chooser. */
export const SIDEBAR: readonly SidebarEntry[] = [
  { label: "titles.home", to: HOME_PATH, group: "main" },
  { label: "menu.mining", to: "/pages/index/miningX?stype=choose", group: "synthesis" },
  { label: "titles.miningX", to: "/pages/index/miningX", group: "synthesis", token: "X" },
  { label: "titles.miningUsdt", to: "/pages/index/miningUsdt", group: "synthesis", token: "USDT" },
  { label: "titles.miningAcb", to: "/pages/index/miningAcb", group: "synthesis", token: "ACB" },
  { label: "titles.miningUsdx", to: "/pages/index/miningUsdx", group: "synthesis", token: "USDX" },
  { label: "titles.miningFtb", to: "/pages/index/miningFtb", group: "synthesis", token: "FTB" },
  { label: "titles.miningUsdc", to: "/pages/index/miningUsdc", group: "synthesis", token: "USDC" },
  { label: "titles.miningZyb", to: "/pages/index/miningZyb", group: "synthesis", token: "ZYB" },
  { label: "titles.exchangeMV", to: "/pages/index/exchangeMV", group: "exchange" },
  { label: "titles.exchangeACB", to: "/pages/index/exchangeACB", group: "exchange" },
  { label: "menu.exchangeMvToX", to: "/pages/index/exchangeMvToX", group: "exchange" },
  { label: "menu.exchangeWxbToX", to: "/pages/index/exchangeWxbToX", group: "exchange" },
  { label: "menu.exchangeUsdxToX", to: "/pages/index/exchangeUsdxToX", group: "exchange" },
  { label: "titles.myProfile", to: "/pages/index/myProfile", group: "me" },
  { label: "titles.myLink", to: "/pages/index/myLink", group: "me" },
  { label: "titles.myTeam", to: "/pages/index/myTeam", group: "me" },
  { label: "titles.query", to: "/pages/index/query", group: "me" },
];

export function routeOf(path: string): AppRoute | undefined {
  return ROUTES.find((route) => route.path === path);
}
