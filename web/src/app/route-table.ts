/**
 * The route table of the product (spec §2): every path and its title key, as plain data, so that
 * tools outside the app (the browser tests, the benchmark) can walk the routes. routes.ts adds the
 * pages' loaders.
 */
export const HOME_PATH = "/pages/index/index";

export const ROUTE_TABLE = [
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
] as const;

export type RoutePath = (typeof ROUTE_TABLE)[number]["path"];
