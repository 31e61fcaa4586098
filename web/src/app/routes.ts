/**
 * Every route of the product (spec §2) and the sidebar, in one place. Pages load lazily.
 */
import type { ParseKeys } from "i18next";
import type { ComponentType } from "react";

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

export const HOME_PATH = "/pages/index/index";

const home = () => import("@/features/home/home-page");
const mining = () => import("@/features/mining/mining-page");
const exchange = () => import("@/features/exchange/exchange-page");

export const ROUTES: readonly AppRoute[] = [
  { path: "/", title: "titles.home", load: home },
  { path: HOME_PATH, title: "titles.home", load: home },
  { path: "/pages/index/exchangeMV", title: "titles.exchangeMV", load: () => import("@/features/market/exchange-mv-page") },
  { path: "/pages/index/exchangeMvToX", title: "titles.exchangeMvToX", load: exchange },
  { path: "/pages/index/exchangeWxbToX", title: "titles.exchangeWxbToX", load: exchange },
  { path: "/pages/index/exchangeUsdxToX", title: "titles.exchangeUsdxToX", load: exchange },
  { path: "/pages/index/exchangeACB", title: "titles.exchangeACB", load: exchange },
  { path: "/pages/index/exchangeUTOACB", title: "titles.exchangeUTOACB", load: exchange },
  { path: "/pages/index/myLink", title: "titles.myLink", load: () => import("@/features/links/my-link-page") },
  { path: "/pages/index/myTeam", title: "titles.myTeam", load: () => import("@/features/team/my-team-page") },
  { path: "/pages/index/myProfile", title: "titles.myProfile", load: () => import("@/features/earnings/my-profile-page") },
  { path: "/pages/index/miningX", title: "titles.miningX", load: mining },
  { path: "/pages/index/miningUsdt", title: "titles.miningUsdt", load: mining },
  { path: "/pages/index/miningZyb", title: "titles.miningZyb", load: mining },
  { path: "/pages/index/miningAcb", title: "titles.miningAcb", load: mining },
  { path: "/pages/index/miningUsdx", title: "titles.miningUsdx", load: mining },
  { path: "/pages/index/miningFtb", title: "titles.miningFtb", load: mining },
  { path: "/pages/index/miningUsdc", title: "titles.miningUsdc", load: mining },
  { path: "/pages/index/query", title: "titles.query", load: () => import("@/features/query/query-page") },
  { path: "/pages/index/salelist", title: "titles.salelist", load: () => import("@/features/market/sale-list-page") },
  { path: "/pages/index/changeSettler", title: "titles.changeSettler", load: () => import("@/features/links/change-settler-page") },
  { path: "/pages/test/test", title: "titles.test", load: () => import("@/features/diagnostics/test-page") },
  { path: "/pages/machineRecord/machineRecord", title: "titles.machineRecord", load: () => import("@/features/records/machine-record-page") },
  { path: "/pages/bindOrRegister/bindOrRegister", title: "titles.bindOrRegister", load: () => import("@/features/account/bind-or-register-page") },
  { path: "/pages/bind/bind", title: "titles.bind", load: () => import("@/features/account/bind-page") },
  { path: "/pages/register/register", title: "titles.register", load: () => import("@/features/account/register-page") },
  { path: "/pages/memberInfo/memberInfo", title: "titles.memberInfo", load: () => import("@/features/query/member-info-page") },
];

export interface SidebarEntry {
  label: PageKey;
  to: string;
}

/** The sidebar, in the spec's order. The plain synthesis entry opens the token chooser. */
export const SIDEBAR: readonly SidebarEntry[] = [
  { label: "titles.home", to: HOME_PATH },
  { label: "titles.exchangeMV", to: "/pages/index/exchangeMV" },
  { label: "titles.exchangeACB", to: "/pages/index/exchangeACB" },
  { label: "titles.mining", to: "/pages/index/miningX?stype=choose" },
  { label: "titles.miningX", to: "/pages/index/miningX" },
  { label: "titles.miningUsdt", to: "/pages/index/miningUsdt" },
  { label: "titles.miningAcb", to: "/pages/index/miningAcb" },
  { label: "titles.miningUsdx", to: "/pages/index/miningUsdx" },
  { label: "titles.miningFtb", to: "/pages/index/miningFtb" },
  { label: "titles.miningUsdc", to: "/pages/index/miningUsdc" },
  { label: "titles.miningZyb", to: "/pages/index/miningZyb" },
  { label: "titles.myProfile", to: "/pages/index/myProfile" },
  { label: "titles.myLink", to: "/pages/index/myLink" },
  { label: "titles.myTeam", to: "/pages/index/myTeam" },
  { label: "titles.query", to: "/pages/index/query" },
  { label: "titles.exchangeMvToX", to: "/pages/index/exchangeMvToX" },
  { label: "titles.exchangeWxbToX", to: "/pages/index/exchangeWxbToX" },
  { label: "titles.exchangeUsdxToX", to: "/pages/index/exchangeUsdxToX" },
];

export function routeOf(path: string): AppRoute | undefined {
  return ROUTES.find((route) => route.path === path);
}
