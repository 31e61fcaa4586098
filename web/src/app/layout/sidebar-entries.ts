/**
 * The menu's entries (docs/product/screens.md §3), with the menu's code: loaded when the menu is
 * first opened, or drawn in place on a desktop; never in a phone's first download.
 */
import type { SynthesisToken } from "@product";

import { href } from "@/lib/routing/href";
import type { PageKey } from "@/lib/routing/page-props";
import { HOME_PATH, TERMS_PATH } from "@/lib/routing/paths";

export type SidebarGroup = "main" | "synthesis" | "exchange" | "me";

/** The heading over each group but the first (common catalogue keys). */
export const GROUP_HEADINGS = { synthesis: "common:nav.groups.synthesis", exchange: "common:nav.groups.exchange", me: "common:nav.groups.account" } as const;

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
  // What the owner may change and has queued: a notice on each page links here too.
  { label: "titles.terms", to: href(TERMS_PATH), group: "main" },
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
  { label: "titles.exchangeUTOACB", to: href("/pages/index/exchangeUTOACB"), group: "exchange" },
  { label: "titles.exchangeMvToX", to: href("/pages/index/exchangeMvToX"), group: "exchange" },
  { label: "titles.exchangeWxbToX", to: href("/pages/index/exchangeWxbToX"), group: "exchange" },
  { label: "titles.exchangeUsdxToX", to: href("/pages/index/exchangeUsdxToX"), group: "exchange" },
  { label: "titles.myProfile", to: href("/pages/index/myProfile"), group: "me" },
  { label: "titles.myLink", to: href("/pages/index/myLink"), group: "me" },
  { label: "titles.myTeam", to: href("/pages/index/myTeam"), group: "me" },
  { label: "titles.query", to: href("/pages/index/query"), group: "me" },
];
