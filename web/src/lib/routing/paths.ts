/**
 * The product's pages (docs/product/screens.md §2): every path with its title key, and the paths features pick by
 * token or by pair. Plain data (its one import is a type, by a relative path), so that tools
 * outside the app (the browser tests, the benchmark) can walk the pages too. Links and
 * navigations name a page through href() (./href.ts); app/ maps each path to its page's code.
 */
import type { SynthesisToken } from "../../../../contracts-abi/product";

export const HOME_PATH = "/pages/index/index";

/** The account's activity from every device (the indexer) and this device's pending transactions. */
export const ACTIVITY_PATH = "/pages/activity/activity";

/** The terms in force and the owner's changes to them, queued and past (docs/decisions/governance.md). */
export const TERMS_PATH = "/pages/terms/terms";

/** Every page the app serves, with its title's key ('/' and HOME_PATH both open home). */
export const PAGES = [
  { path: "/", title: "titles.home" },
  { path: HOME_PATH, title: "titles.home" },
  { path: "/pages/index/exchangeMV", title: "titles.exchangeMV" },
  { path: "/pages/index/exchangeMvToX", title: "titles.exchangeMvToX" },
  { path: "/pages/index/exchangeWxbToX", title: "titles.exchangeWxbToX" },
  { path: "/pages/index/exchangeUsdxToX", title: "titles.exchangeUsdxToX" },
  { path: "/pages/index/exchangeACB", title: "titles.exchangeACB" },
  { path: "/pages/index/exchangeUTOACB", title: "titles.exchangeUTOACB" },
  { path: "/pages/index/myLink", title: "titles.myLink" },
  { path: "/pages/index/myTeam", title: "titles.myTeam" },
  { path: "/pages/index/myProfile", title: "titles.myProfile" },
  { path: "/pages/index/miningX", title: "titles.miningX" },
  { path: "/pages/index/miningUsdt", title: "titles.miningUsdt" },
  { path: "/pages/index/miningZyb", title: "titles.miningZyb" },
  { path: "/pages/index/miningAcb", title: "titles.miningAcb" },
  { path: "/pages/index/miningUsdx", title: "titles.miningUsdx" },
  { path: "/pages/index/miningFtb", title: "titles.miningFtb" },
  { path: "/pages/index/miningUsdc", title: "titles.miningUsdc" },
  { path: "/pages/index/query", title: "titles.query" },
  { path: "/pages/index/salelist", title: "titles.salelist" },
  { path: "/pages/index/changeSettler", title: "titles.changeSettler" },
  { path: "/pages/test/test", title: "titles.test" },
  { path: "/pages/machineRecord/machineRecord", title: "titles.machineRecord" },
  { path: "/pages/bindOrRegister/bindOrRegister", title: "titles.bindOrRegister" },
  { path: "/pages/bind/bind", title: "titles.bind" },
  { path: "/pages/register/register", title: "titles.register" },
  { path: "/pages/memberInfo/memberInfo", title: "titles.memberInfo" },
  { path: ACTIVITY_PATH, title: "titles.activity" },
  { path: TERMS_PATH, title: "titles.terms" },
] as const;

export type PagePath = (typeof PAGES)[number]["path"];

/** The synthesis page of each token that pays for hashrate. */
export const MINING_PATHS = {
  X: "/pages/index/miningX",
  USDT: "/pages/index/miningUsdt",
  ACB: "/pages/index/miningAcb",
  USDX: "/pages/index/miningUsdx",
  FTB: "/pages/index/miningFtb",
  USDC: "/pages/index/miningUsdc",
  ZYB: "/pages/index/miningZyb",
} as const satisfies Record<SynthesisToken, PagePath>;

/** The token whose synthesis page is at `pathname`; X (the first) for any other path. */
export function miningTokenOf(pathname: string): SynthesisToken {
  const entry = Object.entries(MINING_PATHS).find(([, path]) => path === pathname);
  return (entry?.[0] as SynthesisToken | undefined) ?? "X";
}

/** The pages that exchange one token for another on Swap (features/exchange says which pair each trades). */
export const EXCHANGE_PATHS = [
  "/pages/index/exchangeMvToX",
  "/pages/index/exchangeWxbToX",
  "/pages/index/exchangeUsdxToX",
  "/pages/index/exchangeACB",
  "/pages/index/exchangeUTOACB",
] as const satisfies readonly PagePath[];

export type ExchangePath = (typeof EXCHANGE_PATHS)[number];

export function isExchangePath(pathname: string): pathname is ExchangePath {
  return (EXCHANGE_PATHS as readonly string[]).includes(pathname);
}
