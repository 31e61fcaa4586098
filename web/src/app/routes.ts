/**
 * The app's routes, in react-router's sense: each page of lib/routing/paths.ts with the code that
 * draws it (loaded lazily, when first visited); and the sidebar.
 */
import type { ComponentType } from "react";

import type { SynthesisToken } from "@product";

import { loadPageMessages } from "@/i18n";
import { href } from "@/lib/routing/href";
import type { PageKey, PageProps } from "@/lib/routing/page-props";
import { ACTIVITY_PATH, HOME_PATH, PAGES, type PagePath } from "@/lib/routing/paths";
import { lazyPart } from "@/widgets/lazy-part";

export type PageModule = { default: ComponentType<PageProps> };

export interface AppRoute {
  path: PagePath;
  title: PageKey;
  /** The page, its code loaded when first drawn (a lazy part: see widgets/lazy-part). */
  Page: ComponentType<PageProps>;
}

const home = () => import("@/features/home/home-page");
const mining = () => import("@/features/mining/mining-page");
const exchange = () => import("@/features/exchange/exchange-page");

/** Each page's code, loaded when first visited. */
const LOADERS: Record<PagePath, () => Promise<PageModule>> = {
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
  [ACTIVITY_PATH]: () => import("@/features/activity/activity-page"),
};

/** Every page but home can show an error message at once (a field's check): it loads them with its code. */
const withPageMessages = (load: () => Promise<PageModule>) => () => Promise.all([load(), loadPageMessages()]).then(([module]) => module);

/** A page's code as a lazy part. */
export const lazyPage = (load: () => Promise<PageModule>) => lazyPart(() => load().then((module) => module.default));

export const ROUTES: readonly AppRoute[] = PAGES.map((page) => ({
  ...page,
  Page: lazyPage(LOADERS[page.path] === home ? home : withPageMessages(LOADERS[page.path])),
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

/** The sidebar: the product's entries (docs/product/screens.md §3), grouped (Synthesis > token, Exchange > route). The plain
 *  synthesis entry opens the token chooser. */
export const SIDEBAR: readonly SidebarEntry[] = [
  { label: "titles.home", to: href(HOME_PATH), group: "main" },
  { label: "menu.mining", to: href("/pages/index/miningX", { stype: "choose" }), group: "synthesis" },
  { label: "titles.miningX", to: href("/pages/index/miningX"), group: "synthesis", token: "X" },
  { label: "titles.miningUsdt", to: href("/pages/index/miningUsdt"), group: "synthesis", token: "USDT" },
  { label: "titles.miningAcb", to: href("/pages/index/miningAcb"), group: "synthesis", token: "ACB" },
  { label: "titles.miningUsdx", to: href("/pages/index/miningUsdx"), group: "synthesis", token: "USDX" },
  { label: "titles.miningFtb", to: href("/pages/index/miningFtb"), group: "synthesis", token: "FTB" },
  { label: "titles.miningUsdc", to: href("/pages/index/miningUsdc"), group: "synthesis", token: "USDC" },
  { label: "titles.miningZyb", to: href("/pages/index/miningZyb"), group: "synthesis", token: "ZYB" },
  { label: "titles.exchangeMV", to: href("/pages/index/exchangeMV"), group: "exchange" },
  { label: "titles.exchangeACB", to: href("/pages/index/exchangeACB"), group: "exchange" },
  { label: "menu.exchangeMvToX", to: href("/pages/index/exchangeMvToX"), group: "exchange" },
  { label: "menu.exchangeWxbToX", to: href("/pages/index/exchangeWxbToX"), group: "exchange" },
  { label: "menu.exchangeUsdxToX", to: href("/pages/index/exchangeUsdxToX"), group: "exchange" },
  { label: "titles.myProfile", to: href("/pages/index/myProfile"), group: "me" },
  { label: "titles.myLink", to: href("/pages/index/myLink"), group: "me" },
  { label: "titles.myTeam", to: href("/pages/index/myTeam"), group: "me" },
  { label: "titles.query", to: href("/pages/index/query"), group: "me" },
];
