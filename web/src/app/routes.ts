/**
 * The app's routes, in react-router's sense: each page of lib/routing/paths.ts with the code that
 * draws it (loaded lazily, when first visited). The menu's entries are layout/sidebar-entries.ts.
 */
import type { ComponentType } from "react";

import { loadPageMessages } from "@/i18n";
import type { PageKey, PageProps } from "@/lib/routing/page-props";
import { ACTIVITY_PATH, HOME_PATH, PAGES, TERMS_PATH, type PagePath } from "@/lib/routing/paths";
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
  [TERMS_PATH]: () => import("@/features/governance/terms-page"),
};

/** Every page but home can show an error message at once (a field's check): it loads them with its code. */
const withPageMessages = (load: () => Promise<PageModule>) => () => Promise.all([load(), loadPageMessages()]).then(([module]) => module);

/** A page's code as a lazy part. */
export const lazyPage = (load: () => Promise<PageModule>) => lazyPart(() => load().then((module) => module.default));

export const ROUTES: readonly AppRoute[] = PAGES.map((page) => ({
  ...page,
  Page: lazyPage(LOADERS[page.path] === home ? home : withPageMessages(LOADERS[page.path])),
}));
