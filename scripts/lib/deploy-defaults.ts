/**
 * What deploy sets the contracts to (docs/product/contracts.md): prices, synthesis multiples, the Swap routes'
 * daily limits, the revenue rate and the reserves it funds. These are deploy's configuration, not
 * facts of the product: every one is owner-configurable and clients read it from the chain. The
 * tests and the seed use them to know what a fresh deployment holds. The names and orders they are
 * keyed by are the product's facts (contracts-abi/product.ts): a missing or an extra key fails to compile.
 */
import { parseEther } from "ethers";

import type { SwapRouteName, SynthesisToken, TokenSymbol } from "../../contracts-abi/product";

/** The ERC-20 names the local chain's token mocks get. */
export const TOKEN_NAMES = {
  MV: "MV Token",
  ACB: "ACB Token",
  USDT: "Tether USD",
  USDX: "USDX Stablecoin",
  X: "X Token",
  WXB: "WXB Token",
  USDC: "USD Coin",
  FTB: "FTB Token",
  ZYB: "ZYB Token",
} as const satisfies Record<TokenSymbol, string>;

/** USD price of each token with 18 decimals. */
export const PRICES = {
  USDT: parseEther("1"),
  USDC: parseEther("1"),
  USDX: parseEther("1"),
  X: parseEther("0.5"),
  ACB: parseEther("2"),
  FTB: parseEther("0.2"),
  ZYB: parseEther("0.1"),
  MV: parseEther("1"),
  WXB: parseEther("0.25"),
} as const satisfies Record<TokenSymbol, bigint>;

/** The hashrate multiple of each synthesis token (its lowest synthesis equals the multiple). */
export const SYNTHESIS_MULTIPLES = {
  X: 20,
  USDT: 100,
  ACB: 20,
  USDX: 100,
  FTB: 20,
  USDC: 100,
  ZYB: 20,
} as const satisfies Record<SynthesisToken, number>;

/** Per-address daily limit of each Swap route in USD (18 decimals); 0 is none. */
export const DAILY_LIMITS_USD = {
  MvToX: parseEther("1000"),
  WxbToX: parseEther("1000"),
  UsdxToX: parseEther("1000"),
  AcbToUsdt: parseEther("500"),
  UsdtToAcb: 0n,
} as const satisfies Record<SwapRouteName, bigint>;

/** Revenue: 1% of a record's value per day until it has earned 3 times its value. */
export const DAILY_RATE_BPS = 100n;
export const OUT_MULTIPLE = 3n;

/** What deploy puts in the contracts that pay out. */
export const RESERVES = {
  mainUsdt: parseEther("1000000"),
  revenueAcb: parseEther("5000000"),
  swap: { X: parseEther("5000000"), USDT: parseEther("1000000"), ACB: parseEther("1000000") },
} as const satisfies { mainUsdt: bigint; revenueAcb: bigint; swap: Partial<Record<TokenSymbol, bigint>> };
