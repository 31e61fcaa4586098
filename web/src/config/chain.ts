import { env } from "./env";

const CHAIN_NAMES = { local: "BNB Smart Chain (local)", testnet: "BNB Smart Chain Testnet", mainnet: "BNB Smart Chain" } as const;

/** The chain of the build, BNB Smart Chain (or its testnet), as the wallet is asked to add it
 *  (EIP-3085): with the same endpoints the app reads through (all http(s), checked by
 *  parseRpcUrls). Locally that is the local node, so the wallet talks to the same chain the app reads. */
export const BSC = {
  chainId: env.chainId,
  /** The same id as wallets send it (EIP-1193 `eth_chainId`). */
  chainIdHex: `0x${env.chainId.toString(16)}`,
  chainName: CHAIN_NAMES[env.network],
  nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
  rpcUrls: env.rpcUrls,
  blockExplorerUrls: [env.network === "testnet" ? "https://testnet.bscscan.com" : "https://bscscan.com"],
} as const;

export const addEthereumChainParameter = {
  chainId: BSC.chainIdHex,
  chainName: BSC.chainName,
  nativeCurrency: BSC.nativeCurrency,
  rpcUrls: [...BSC.rpcUrls],
  blockExplorerUrls: [...BSC.blockExplorerUrls],
};

/** Link to a transaction on the explorer, or undefined on the local chain. */
export function transactionUrl(hash: string): string | undefined {
  return env.explorerUrl ? `${env.explorerUrl}/tx/${hash}` : undefined;
}

/** Link to an address on the explorer, or undefined on the local chain. */
export function addressUrl(address: string): string | undefined {
  return env.explorerUrl ? `${env.explorerUrl}/address/${address}` : undefined;
}
