/**
 * The product's default figures (DESIGN §3). The contracts own every rule; these are only what
 * deploy configures them with, and what the tests and seed expect from a fresh deployment.
 */
import { parseEther } from "ethers";

// The names are the web app's (plain data without imports), so both sides read one list.
import { TOKEN_SYMBOLS, type SynthesisToken as AppSynthesisToken, type TokenSymbol } from "../../web/src/config/contract-names";

export { TOKEN_SYMBOLS, type TokenSymbol };

export const TOKEN_NAMES: Record<TokenSymbol, string> = {
  MV: "MV Token",
  ACB: "ACB Token",
  USDT: "Tether USD",
  USDX: "USDX Stablecoin",
  X: "X Token",
  WXB: "WXB Token",
  USDC: "USD Coin",
  FTB: "FTB Token",
  ZYB: "ZYB Token",
};

/** USD price of each token with 18 decimals. */
export const PRICES: Record<TokenSymbol, bigint> = {
  USDT: parseEther("1"),
  USDC: parseEther("1"),
  USDX: parseEther("1"),
  X: parseEther("0.5"),
  ACB: parseEther("2"),
  FTB: parseEther("0.2"),
  ZYB: parseEther("0.1"),
  MV: parseEther("1"),
  WXB: parseEther("0.25"),
};

/** Tokens that pay for synthesis, with their hashrate multiple (the lowest equals the multiple).
 *  Exactly the app's synthesis tokens: a missing or an extra one fails to compile. */
export const SYNTHESIS_MULTIPLES = {
  USDT: 100,
  USDC: 100,
  USDX: 100,
  X: 20,
  ACB: 20,
  FTB: 20,
  ZYB: 20,
} as const satisfies Record<AppSynthesisToken, number>;
export type SynthesisToken = keyof typeof SYNTHESIS_MULTIPLES;
export const SYNTHESIS_TOKENS = Object.keys(SYNTHESIS_MULTIPLES) as SynthesisToken[];

/** Swap routes in the contract's enum order. */
export const ROUTES = [
  { id: 0, name: "MvToX", tokenIn: "MV", tokenOut: "X", dailyLimitUsd: parseEther("1000") },
  { id: 1, name: "WxbToX", tokenIn: "WXB", tokenOut: "X", dailyLimitUsd: parseEther("1000") },
  { id: 2, name: "UsdxToX", tokenIn: "USDX", tokenOut: "X", dailyLimitUsd: parseEther("1000") },
  { id: 3, name: "AcbToUsdt", tokenIn: "ACB", tokenOut: "USDT", dailyLimitUsd: parseEther("500") },
  { id: 4, name: "UsdtToAcb", tokenIn: "USDT", tokenOut: "ACB", dailyLimitUsd: 0n },
] as const satisfies readonly { id: number; name: string; tokenIn: TokenSymbol; tokenOut: TokenSymbol; dailyLimitUsd: bigint }[];

/** Revenue: 1% of a record's value per day until it has earned 3 times its value. */
export const DAILY_RATE_BPS = 100n;
export const OUT_MULTIPLE = 3n;

/** What deploy puts in the contracts that pay out. */
export const RESERVES = {
  mainUsdt: parseEther("1000000"),
  revenueAcb: parseEther("5000000"),
  swap: { X: parseEther("5000000"), USDT: parseEther("1000000"), ACB: parseEther("1000000") },
} as const;
