import type { TokenSymbol } from "@/config/contract-names";

/** A Swap route: the contract's Route enum. */
export type SwapRouteId = 0 | 1 | 2 | 3 | 4;

/** What an exchange page trades: its Swap route, the tokens in and out, and its message for a refused amount. */
export interface ExchangeKind {
  route: SwapRouteId;
  tokenIn: TokenSymbol;
  tokenOut: TokenSymbol;
  /** The spec's message for an invalid amount, or one above the maximum exchangeable. */
  invalid: "errors:invalidAmountMv" | "errors:invalidAmountAcb";
}

export const EXCHANGE_KINDS: Record<string, ExchangeKind> = {
  "/pages/index/exchangeMvToX": { route: 0, tokenIn: "MV", tokenOut: "X", invalid: "errors:invalidAmountMv" },
  "/pages/index/exchangeWxbToX": { route: 1, tokenIn: "WXB", tokenOut: "X", invalid: "errors:invalidAmountMv" },
  "/pages/index/exchangeUsdxToX": { route: 2, tokenIn: "USDX", tokenOut: "X", invalid: "errors:invalidAmountMv" },
  "/pages/index/exchangeACB": { route: 3, tokenIn: "ACB", tokenOut: "USDT", invalid: "errors:invalidAmountAcb" },
  "/pages/index/exchangeUTOACB": { route: 4, tokenIn: "USDT", tokenOut: "ACB", invalid: "errors:invalidAmountAcb" },
};
