import { SWAP_ROUTES, type SwapRoute, type SwapRouteName } from "@product";

import type { ExchangePath } from "@/lib/routing/paths";

/** What an exchange page trades: its Swap route (id, tokens in and out: the product's facts), and
 *  the product's message (docs/product/messages.md §3) for an invalid amount, or one above the maximum exchangeable, on that page. */
export type ExchangeKind = SwapRoute & { invalid: "errors:invalidAmountMv" | "errors:invalidAmountAcb" };

const kind = (name: SwapRouteName, invalid: ExchangeKind["invalid"]): ExchangeKind => ({
  ...SWAP_ROUTES.find((route) => route.name === name)!,
  invalid,
});

export const EXCHANGE_KINDS: Readonly<Record<ExchangePath, ExchangeKind>> = {
  "/pages/index/exchangeMvToX": kind("MvToX", "errors:invalidAmountMv"),
  "/pages/index/exchangeWxbToX": kind("WxbToX", "errors:invalidAmountMv"),
  "/pages/index/exchangeUsdxToX": kind("UsdxToX", "errors:invalidAmountMv"),
  "/pages/index/exchangeACB": kind("AcbToUsdt", "errors:invalidAmountAcb"),
  "/pages/index/exchangeUTOACB": kind("UsdtToAcb", "errors:invalidAmountAcb"),
};
