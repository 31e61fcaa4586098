import { initializeConnector } from "@web3-react/core";

import { env } from "@/config/env";

import type { Eip1193Provider } from "../eip1193";
import { ProvidedConnector } from "./provided-connector";

/**
 * The dev wallet: a funded test key of the local chain behind an EIP-1193 provider, so the app can
 * be used with no extension. The provider module is imported only in local builds: in a mainnet
 * build the condition below is the constant `"mainnet" === "local"`, so the import (and the key)
 * are dropped from the bundle. It is written out here, not imported, so that the bundler can see
 * it is constant.
 */
let provider: Promise<Eip1193Provider | undefined> | undefined;

async function loadDevWallet(): Promise<Eip1193Provider | undefined> {
  if (import.meta.env.VITE_NETWORK !== "local") return undefined;
  const { createDevWalletProvider } = await import("../dev-wallet-provider");
  return createDevWalletProvider(env.rpcUrl);
}

/** One dev wallet for the page's life: it keeps its account and chain across reconnections. */
export const [devWallet, devWalletHooks] = initializeConnector<ProvidedConnector>(
  (actions) => new ProvidedConnector(actions, () => (provider ??= loadDevWallet())),
);
