/**
 * The names the app expects in an address book (deployments/<network>.json or the committed
 * mainnet file): the nine tokens and the product contracts. Plain data, so that the build can
 * import it to check an address book before it bundles one.
 */
export const TOKEN_SYMBOLS = ["MV", "ACB", "USDT", "USDX", "X", "WXB", "USDC", "FTB", "ZYB"] as const;
export type TokenSymbol = (typeof TOKEN_SYMBOLS)[number];

/** The tokens that pay for synthesis, each with its mining page. */
export const SYNTHESIS_TOKENS = ["X", "USDT", "ACB", "USDX", "FTB", "USDC", "ZYB"] as const satisfies readonly TokenSymbol[];
export type SynthesisToken = (typeof SYNTHESIS_TOKENS)[number];

export const CONTRACT_NAMES = ["Main", "Revenue", "Community", "Swap", "MvMarket", "Multicall3"] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

export const ADDRESS_NAMES = [...TOKEN_SYMBOLS, ...CONTRACT_NAMES] as const;
export type AddressName = (typeof ADDRESS_NAMES)[number];
export type AddressBook = Record<AddressName, string>;

export const BSC_CHAIN_ID = 56;
