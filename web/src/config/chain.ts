import { BSC_CHAIN_ID, BSC_CHAIN_ID_HEX } from "@product";

import { env } from "./env";

/** BNB Smart Chain, as the wallet is asked to add it (EIP-3085): with the same endpoints the app
 *  reads through (all http(s), checked by parseRpcUrls). Locally that is the local node, so the
 *  wallet talks to the same chain the app reads. */
export const BSC = {
  chainId: BSC_CHAIN_ID,
  chainIdHex: BSC_CHAIN_ID_HEX,
  chainName: env.network === "local" ? "BNB Smart Chain (local)" : "BNB Smart Chain",
  nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
  rpcUrls: env.rpcUrls,
  blockExplorerUrls: ["https://bscscan.com"],
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
