/**
 * The build's environment, checked once at startup (src/start.tsx). Everything else reads it here.
 */
import { parseRpcUrls } from "./rpc-urls";

export type Network = "local" | "testnet" | "mainnet";

export interface AppEnv {
  network: Network;
  /** The chain: BNB Smart Chain's id (56, the local chain's too) or its testnet's (97). */
  chainId: number;
  /** JSON-RPC endpoints for reads, in the order they are tried; also the RPC URLs offered to
   *  wallets when adding the chain. */
  rpcUrls: readonly string[];
  /** The first of them: the preferred endpoint (the dev wallet's node). */
  rpcUrl: string;
  /** Block explorer for transaction links; empty on the local chain, which has none. */
  explorerUrl: string;
  version: string;
  /** The product's API is same-origin: its base is the page's own origin. */
  apiBase: string;
}

export function readEnv(raw: ImportMetaEnv = import.meta.env): AppEnv {
  if (raw.VITE_NETWORK !== "local" && raw.VITE_NETWORK !== "testnet" && raw.VITE_NETWORK !== "mainnet") {
    throw new Error(`Unknown network "${String(raw.VITE_NETWORK)}"`);
  }
  const rpcUrls = parseRpcUrls(String(raw.VITE_RPC_URLS));
  return {
    network: raw.VITE_NETWORK,
    // The build's constant, 56 or 97 (web/vite.config.mts).
    chainId: Number(raw.VITE_CHAIN_ID),
    rpcUrls,
    rpcUrl: rpcUrls[0],
    explorerUrl: raw.VITE_EXPLORER_URL.replace(/\/$/, ""),
    version: raw.VITE_APP_VERSION,
    apiBase: typeof window === "undefined" ? "" : window.location.origin,
  };
}

export const env: AppEnv = readEnv();

export const isLocal = import.meta.env.VITE_NETWORK === "local";
