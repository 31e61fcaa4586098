/**
 * The build's environment, checked once at startup (src/start.tsx). Everything else reads it here.
 */
export type Network = "local" | "mainnet";

export interface AppEnv {
  network: Network;
  /** JSON-RPC endpoint for reads, and the RPC URL offered to wallets when adding the chain. */
  rpcUrl: string;
  /** Block explorer for transaction links; empty on the local chain, which has none. */
  explorerUrl: string;
  version: string;
  /** The product's API is same-origin: its base is the page's own origin. */
  apiBase: string;
}

export function readEnv(raw: ImportMetaEnv = import.meta.env): AppEnv {
  if (raw.VITE_NETWORK !== "local" && raw.VITE_NETWORK !== "mainnet") {
    throw new Error(`Unknown network "${String(raw.VITE_NETWORK)}"`);
  }
  try {
    new URL(raw.VITE_RPC_URL);
  } catch {
    throw new Error(`The RPC URL "${String(raw.VITE_RPC_URL)}" is not a URL`);
  }
  return {
    network: raw.VITE_NETWORK,
    rpcUrl: raw.VITE_RPC_URL,
    explorerUrl: raw.VITE_EXPLORER_URL.replace(/\/$/, ""),
    version: raw.VITE_APP_VERSION,
    apiBase: typeof window === "undefined" ? "" : window.location.origin,
  };
}

export const env: AppEnv = readEnv();

export const isLocal = import.meta.env.VITE_NETWORK === "local";
