import type { TokenSymbol } from "@/config/contract-names";
import type { ExchangePath } from "@/lib/routing/paths";

/** The exchange pages and the Swap route each one trades on (the contract's Route enum). */
export interface ExchangeRoute {
  route: 0 | 1 | 2 | 3 | 4;
  tokenIn: TokenSymbol;
  tokenOut: TokenSymbol;
  /** The spec's message for an invalid amount, or one above the maximum exchangeable. */
  invalid: "errors:invalidAmountMv" | "errors:invalidAmountAcb";
}

export const EXCHANGE_ROUTES: Readonly<Record<ExchangePath, ExchangeRoute>> = {
  "/pages/index/exchangeMvToX": { route: 0, tokenIn: "MV", tokenOut: "X", invalid: "errors:invalidAmountMv" },
  "/pages/index/exchangeWxbToX": { route: 1, tokenIn: "WXB", tokenOut: "X", invalid: "errors:invalidAmountMv" },
  "/pages/index/exchangeUsdxToX": { route: 2, tokenIn: "USDX", tokenOut: "X", invalid: "errors:invalidAmountMv" },
  "/pages/index/exchangeACB": { route: 3, tokenIn: "ACB", tokenOut: "USDT", invalid: "errors:invalidAmountAcb" },
  "/pages/index/exchangeUTOACB": { route: 4, tokenIn: "USDT", tokenOut: "ACB", invalid: "errors:invalidAmountAcb" },
};
