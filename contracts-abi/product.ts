/**
 * The product's facts: what every client of the contracts (the web app, deploy and seed, the
 * account API, the tests, the benchmark) must agree on, written once, next to the ABIs they
 * describe.
 *
 * What belongs here: names and orders the ABIs cannot carry (the token symbols and which of them
 * pay for synthesis, the contracts and the names of an address book, the Swap contract's route
 * enum) and the few addresses that are the same everywhere (BNB Chain's chain id, the mainnet
 * contracts the local chain keeps at their addresses).
 *
 * What does not: anything the chain answers (prices, multiples, daily limits, rates: the owner
 * may change them, so clients read them from the contracts), deploy's configuration (the
 * defaults it sets them to: scripts/lib/deploy-defaults.ts), and any one client's settings.
 *
 * Plain data with no imports (types at most) and no ethers, so that every client can load it: the
 * web app through its `@product` alias, Node through a relative import. Not an ABI: typechain
 * and the ABI readers take `contracts-abi/*.json` only.
 */

/** BNB Smart Chain; the local chain (Hardhat) uses the same id, so every chain check is mainnet's. */
export const BSC_CHAIN_ID = 56;
/** The same id as wallets send it (EIP-1193 `eth_chainId`, EIP-3085). */
export const BSC_CHAIN_ID_HEX = "0x38";
/** BNB Smart Chain's testnet, the one other chain a deployment may go to (docs/operations.md §9). */
export const BSC_TESTNET_CHAIN_ID = 97;

/** The nine ERC-20 tokens (18 decimals each), in the order the app lists balances. */
export const TOKEN_SYMBOLS = ["MV", "ACB", "USDT", "USDX", "X", "WXB", "USDC", "FTB", "ZYB"] as const;
export type TokenSymbol = (typeof TOKEN_SYMBOLS)[number];

/** The tokens that pay for synthesis, each with its mining page, in the app's menu order. */
export const SYNTHESIS_TOKENS = ["X", "USDT", "ACB", "USDX", "FTB", "USDC", "ZYB"] as const satisfies readonly TokenSymbol[];
export type SynthesisToken = (typeof SYNTHESIS_TOKENS)[number];

/** The product contracts besides the tokens: one ABI each in this folder (the tokens share ERC20.json).
 *  AccessManager (OpenZeppelin's, unchanged) owns Main, Revenue, Community, Swap and MvMarket: their
 *  owner functions run only through it, most after a public delay (docs/decisions/governance.md). */
export const CONTRACT_NAMES = ["Main", "Revenue", "Community", "Swap", "MvMarket", "Multicall3", "AccessManager"] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

/** The contracts AccessManager owns: their owner functions run only through it (docs/decisions/governance.md). */
export const GOVERNED_CONTRACTS = ["Main", "Revenue", "Community", "Swap", "MvMarket"] as const satisfies readonly ContractName[];
export type GovernedContract = (typeof GOVERNED_CONTRACTS)[number];

/**
 * AccessManager's roles: the admin (OpenZeppelin's role 0), who may call every owner function and
 * change the manager itself, each after the admin's delay; and the price setter, who may call
 * Main's `setPrice` at once and nothing else.
 */
export const GOVERNANCE_ROLES = { admin: 0n, priceSetter: 1n } as const;

/** The names of an address book (deployments/<network>.json or the web app's committed mainnet file). */
export const ADDRESS_NAMES = [...TOKEN_SYMBOLS, ...CONTRACT_NAMES] as const;
export type AddressName = (typeof ADDRESS_NAMES)[number];
export type AddressBook = Record<AddressName, string>;

/**
 * The Swap contract's routes, in the order of its `Route` enum: `id` is the value its functions
 * take (`exchange(route, …)`, `maxExchangeable(route, user)`). Each route's daily limit is on
 * chain (`routeInfo(route)`), not here.
 */
export const SWAP_ROUTES = [
  { id: 0, name: "MvToX", tokenIn: "MV", tokenOut: "X" },
  { id: 1, name: "WxbToX", tokenIn: "WXB", tokenOut: "X" },
  { id: 2, name: "UsdxToX", tokenIn: "USDX", tokenOut: "X" },
  { id: 3, name: "AcbToUsdt", tokenIn: "ACB", tokenOut: "USDT" },
  { id: 4, name: "UsdtToAcb", tokenIn: "USDT", tokenOut: "ACB" },
] as const satisfies readonly { id: number; name: string; tokenIn: TokenSymbol; tokenOut: TokenSymbol }[];
export type SwapRoute = (typeof SWAP_ROUTES)[number];
export type SwapRouteId = SwapRoute["id"];
export type SwapRouteName = SwapRoute["name"];

/**
 * Contracts that exist on BNB Chain: deploy places them at these same addresses on the local chain
 * (and a fork has them already), so one address book serves mainnet and the local chain.
 */
export const MAINNET_ADDRESSES = {
  USDT: "0x55d398326f99059fF775485246999027B3197955",
  USDC: "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d",
  Multicall3: "0xcA11bde05977b3631167028862bE2a173976CA11",
} as const satisfies Partial<Record<AddressName, string>>;
export type MainnetName = keyof typeof MAINNET_ADDRESSES;

/** The product's own tokens: every token but the stablecoins BNB Chain already has (USDT, USDC),
 *  which wallets list by themselves. The app offers to add these to the user's wallet. */
export const PRODUCT_TOKENS = TOKEN_SYMBOLS.filter((symbol): symbol is Exclude<TokenSymbol, keyof typeof MAINNET_ADDRESSES> => !(symbol in MAINNET_ADDRESSES));
