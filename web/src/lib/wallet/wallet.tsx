/**
 * The wallet module: the one place that knows about web3-react and its connectors. The rest of the
 * app connects, reads the account and chain, and gets a signer through this file only.
 */
import { Web3ReactProvider, useWeb3React, type Web3ReactHooks } from "@web3-react/core";
import type { Connector } from "@web3-react/types";
import { getAddress } from "ethers/address";
import type { ReactNode } from "react";

import { BSC } from "@/config/chain";
import { isLocal } from "@/config/env";
import { log } from "@/lib/log";

import { ensureBscChain } from "./chain-switch";
import { devWallet, devWalletHooks } from "./connectors/dev-wallet";
import { hasLegacyProvider, legacyHooks, legacyWallet } from "./connectors/legacy";
import { metaMask, metaMaskHooks } from "./connectors/metamask";
import { walletProblem, type Eip1193Provider, type WalletProblem } from "./eip1193";

export type WalletKind = "injected" | "legacy" | "dev";

const CONNECTORS: Record<WalletKind, [Connector, Web3ReactHooks]> = {
  injected: [metaMask, metaMaskHooks],
  legacy: [legacyWallet, legacyHooks],
  dev: [devWallet, devWalletHooks],
};

/** Static, as web3-react requires: the dev wallet exists in local builds only (a constant
 *  condition, written out so that the bundler drops the dev wallet from mainnet builds). */
const CONNECTOR_LIST: [Connector, Web3ReactHooks][] =
  import.meta.env.VITE_NETWORK === "local"
    ? [CONNECTORS.injected, CONNECTORS.legacy, CONNECTORS.dev]
    : [CONNECTORS.injected, CONNECTORS.legacy];

/** Remembers that the dev wallet was chosen, so a reload reconnects to it. */
const DEV_CHOICE_KEY = "am-wallet";

export function WalletProvider({ children }: { children: ReactNode }) {
  return (
    <Web3ReactProvider connectors={CONNECTOR_LIST} lookupENS={false}>
      {children}
    </Web3ReactProvider>
  );
}

/** The injected wallet of this browser, if any: `window.ethereum`, else the legacy `web3`. */
export function injectedWallet(): WalletKind | undefined {
  if ((window as { ethereum?: unknown }).ethereum) return "injected";
  return hasLegacyProvider() ? "legacy" : undefined;
}

export function devWalletAvailable(): boolean {
  return isLocal;
}

/** The wallet to connect at startup: the dev wallet if it was chosen, else the injected one. */
export function startupWallet(storage: Pick<Storage, "getItem"> = window.localStorage): WalletKind | undefined {
  if (isLocal && storage.getItem(DEV_CHOICE_KEY) === "dev") return "dev";
  return injectedWallet();
}

/**
 * Connects: `eth_requestAccounts` (the first account is used), then asks the wallet for BNB
 * Smart Chain, adding it when switching fails. Returns what went wrong, if anything: a rejection,
 * a request already open, or another failure (also logged).
 */
export async function connectWallet(kind: WalletKind): Promise<WalletProblem | undefined> {
  const [connector] = CONNECTORS[kind];
  try {
    await connector.activate();
  } catch (error) {
    const problem = walletProblem(error);
    if (problem === "other") log.warn(`could not connect the ${kind} wallet`, error);
    return problem;
  }
  try {
    if (kind === "dev") window.localStorage.setItem(DEV_CHOICE_KEY, "dev");
    else window.localStorage.removeItem(DEV_CHOICE_KEY);
  } catch {
    // Not remembered: the next visit connects to the injected wallet, if any.
  }
  if (connector.provider) await ensureBscChain(connector.provider as Eip1193Provider);
  return undefined;
}

export async function disconnectWallet(): Promise<void> {
  for (const [connector] of CONNECTOR_LIST) {
    if (connector.deactivate) await connector.deactivate();
    else await connector.resetState();
  }
  try {
    window.localStorage.removeItem(DEV_CHOICE_KEY);
  } catch {
    // Nothing was remembered.
  }
}

function kindOf(connector: Connector): WalletKind | undefined {
  return (Object.keys(CONNECTORS) as WalletKind[]).find((kind) => CONNECTORS[kind][0] === connector);
}

export interface WalletState {
  /** The connected account (checksummed), or null. */
  account: string | null;
  chainId: number | undefined;
  isActive: boolean;
  isActivating: boolean;
  /** Connected to another chain than BNB Smart Chain: writes are blocked until the user switches. */
  isWrongChain: boolean;
  kind: WalletKind | undefined;
  /** The connected wallet's provider, to sign with; undefined when none is connected. */
  provider: Eip1193Provider | undefined;
  /** Asks the connected wallet to move to BNB Smart Chain (adding it if needed). */
  switchChain: () => Promise<void>;
}

export function useWallet(): WalletState {
  const { connector, account, chainId, isActive, isActivating } = useWeb3React();
  const active = isActive && Boolean(account);
  return {
    account: active && account ? getAddress(account) : null,
    chainId,
    isActive: active,
    isActivating,
    isWrongChain: active && chainId !== BSC.chainId,
    kind: active ? kindOf(connector) : undefined,
    provider: active ? (connector.provider as Eip1193Provider | undefined) : undefined,
    switchChain: async () => {
      if (connector.provider) await ensureBscChain(connector.provider as Eip1193Provider);
    },
  };
}
