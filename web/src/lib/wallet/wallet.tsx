/**
 * The wallet module: the one place that knows about web3-react and its connectors. The rest of the
 * app connects, reads the account and chain, and gets a signer through this file only.
 */
import { Web3ReactProvider, useWeb3React, type Web3ReactHooks } from "@web3-react/core";
import { MetaMask } from "@web3-react/metamask";
import type { Connector } from "@web3-react/types";
import { getAddress } from "ethers/address";
import { useMemo, type ReactNode } from "react";

import { BSC } from "@/config/chain";
import { isLocal } from "@/config/env";
import { log } from "@/lib/log";

import { ensureBscChain } from "./chain-switch";
import { announcedHooks, announcedWallet, chooseAnnouncedWallet, chosenAnnouncedWallet } from "./connectors/announced";
import { devWallet, devWalletHooks } from "./connectors/dev-wallet";
import { hasLegacyProvider, legacyHooks, legacyWallet } from "./connectors/legacy";
import { metaMask, metaMaskHooks, metaMaskStore } from "./connectors/metamask";
import { ProvidedConnector } from "./connectors/provided-connector";
import { useAnnouncedWallets, walletDiscovery, type AnnouncedWallet } from "./discovery";
import { injectedProvider, walletProblem, type Eip1193Provider, type WalletProblem } from "./eip1193";
import { isHandheld } from "./touch";

export type WalletKind = "announced" | "injected" | "legacy" | "dev";
/** A way to connect: a kind, and for an announced wallet (EIP-6963) its rdns. What is remembered. */
export type WalletChoice = Exclude<WalletKind, "announced"> | `announced:${string}`;

const ANNOUNCED = "announced:";
const announcedChoice = (rdns: string): WalletChoice => `${ANNOUNCED}${rdns}`;
/** The rdns of an announced wallet's choice; undefined for the other kinds. */
export const rdnsOf = (choice: WalletChoice): string | undefined => (choice.startsWith(ANNOUNCED) ? choice.slice(ANNOUNCED.length) : undefined);

const CONNECTORS: Record<WalletKind, [Connector, Web3ReactHooks]> = {
  announced: [announcedWallet, announcedHooks],
  injected: [metaMask, metaMaskHooks],
  legacy: [legacyWallet, legacyHooks],
  dev: [devWallet, devWalletHooks],
};

/** Static, as web3-react requires: the dev wallet exists in local builds only (a constant
 *  condition, written out so that the bundler drops the dev wallet from mainnet builds). */
const CONNECTOR_LIST: [Connector, Web3ReactHooks][] =
  import.meta.env.VITE_NETWORK === "local"
    ? [CONNECTORS.announced, CONNECTORS.injected, CONNECTORS.legacy, CONNECTORS.dev]
    : [CONNECTORS.announced, CONNECTORS.injected, CONNECTORS.legacy];

/** Remembers the wallet the user picked (an announced one by rdns, or the dev wallet), so a
 *  reload reconnects to it. */
const CHOICE_KEY = "am-wallet";
/** Remembered after Disconnect: the next visit connects only when the user asks (a startup
 *  connection would be a wallet prompt for a site the user just left). */
const DISCONNECTED = "disconnected";

export function WalletProvider({ children }: { children: ReactNode }) {
  return (
    <Web3ReactProvider connectors={CONNECTOR_LIST} lookupENS={false}>
      {children}
    </Web3ReactProvider>
  );
}

function kindOfChoice(choice: WalletChoice): WalletKind {
  return rdnsOf(choice) === undefined ? (choice as WalletKind) : "announced";
}

/** One way to connect, as the connect menu shows it. */
export interface WalletOption {
  choice: WalletChoice;
  /** The wallet's own name and icon (a data URI), for announced wallets. */
  name?: string;
  icon?: string;
  /** The wallet's domain (its rdns reversed: io.metamask, metamask.io), when another wallet listed
   *  shows the same name: the one way to tell a second "MetaMask" from the real one. */
  domain?: string;
}

/** The same name as the user reads it: case aside. */
const sameName = (name: string) => name.toLocaleLowerCase();

/** A letter outside ASCII, in a name: it may be a look-alike of an ASCII one ("MetaMаsk" with a Cyrillic а). */
const NON_ASCII = /[^\x20-\x7e]/;

/** Whether a wallet's domain is shown under its name: when another wallet shows the same name, or
 *  when the name has a character outside ASCII that could make it read as another's (the ellipsis
 *  of a name cut to fit is one: the user cannot read that name whole either). */
const showsDomain = (name: string, shown: ReadonlyMap<string, number>) => shown.get(sameName(name))! > 1 || NON_ASCII.test(name);

/**
 * The ways to connect, in the product's order (docs/product/screens.md §6): the wallets that announced themselves (EIP-6963); when
 * none did, `window.ethereum`, else the legacy `web3`; and the dev wallet of local builds.
 */
export function walletOptions(announced: readonly AnnouncedWallet[] = walletDiscovery.list()): WalletOption[] {
  const shown = new Map<string, number>();
  for (const { name } of announced) shown.set(sameName(name), (shown.get(sameName(name)) ?? 0) + 1);
  const options: WalletOption[] = announced.map(({ rdns, name, icon }) => ({
    choice: announcedChoice(rdns),
    name,
    icon,
    ...(showsDomain(name, shown) ? { domain: rdns.split(".").reverse().join(".") } : {}),
  }));
  if (!options.length) {
    if (injectedProvider()) options.push({ choice: "injected" });
    else if (hasLegacyProvider()) options.push({ choice: "legacy" });
  }
  if (isLocal) options.push({ choice: "dev" });
  return options;
}

/** The ways to connect, updated when another wallet announces itself. */
export function useWalletOptions(): WalletOption[] {
  const announced = useAnnouncedWallets();
  return useMemo(() => walletOptions(announced), [announced]);
}

/** The browser's own wallets among `options` (all but the dev wallet). */
export function browserWallets(options: WalletOption[]): WalletOption[] {
  return options.filter((option) => option.choice !== "dev");
}

/** Whether this browser has a wallet of its own (not counting the dev wallet). */
export function hasBrowserWallet(options: WalletOption[]): boolean {
  return browserWallets(options).length > 0;
}

/** What the user left the app connected to, or DISCONNECTED when they pressed Disconnect. */
function rememberedChoice(storage: Pick<Storage, "getItem">): WalletChoice | typeof DISCONNECTED | undefined {
  try {
    const value = storage.getItem(CHOICE_KEY);
    return value === "dev" || value === DISCONNECTED || value?.startsWith(ANNOUNCED) ? (value as WalletChoice | typeof DISCONNECTED) : undefined;
  } catch {
    return undefined;
  }
}

function remember(choice: WalletChoice | typeof DISCONNECTED | undefined): void {
  try {
    if (choice === "dev" || choice === DISCONNECTED || (choice && rdnsOf(choice))) window.localStorage.setItem(CHOICE_KEY, choice);
    else window.localStorage.removeItem(CHOICE_KEY);
  } catch {
    // Not remembered: the next visit connects as on a first one.
  }
}

/** How the app connects at startup: to which wallet, and whether silently (`eager`: no prompt). */
export interface StartupConnection {
  choice: WalletChoice;
  eager: boolean;
}

/**
 * The wallet to connect at startup: the one the user picked before, silently (its connector waits
 * a moment for it to announce itself); else the only wallet there is (the product's startup
 * connection): on a phone, where a wallet is an app and the page is open in its own browser, which
 * expects to be asked at once, with a prompt; on a desktop, where a visitor has not said yet that
 * they want to connect, silently: a site the wallet let in before connects, and nobody else is
 * asked anything before pressing Connect. With several announced and none picked, or after the
 * user disconnected, nothing: the user picks. Decided at once, so the connection starts in the
 * same tick and the read-only banner never flashes.
 */
export function startupConnection(storage: Pick<Storage, "getItem"> = window.localStorage): StartupConnection | undefined {
  const remembered = rememberedChoice(storage);
  if (remembered === DISCONNECTED) return undefined;
  if (remembered === "dev" && isLocal) return { choice: "dev", eager: false };
  if (remembered && rdnsOf(remembered)) return { choice: remembered, eager: true };
  const announced = walletDiscovery.list();
  if (announced.length > 1) return undefined;
  const [only] = browserWallets(walletOptions(announced));
  return only ? { choice: only.choice, eager: !isHandheld() } : undefined;
}

/** How long a connection without a prompt may take: a wallet that does not answer `eth_accounts`
 *  would otherwise leave the app "Connecting…" for good, with no read-only banner. */
export const SILENT_CONNECT_MS = 5_000;

/** Connects without a prompt (`eth_accounts`); whether the wallet showed an account in time. */
async function connectSilently(connector: Connector): Promise<boolean> {
  let attempt: Promise<boolean>;
  if (connector instanceof ProvidedConnector) attempt = connector.reconnect();
  else if (connector instanceof MetaMask) attempt = connector.connectEagerly().then(() => metaMaskStore.getState().accounts !== undefined);
  else return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), SILENT_CONNECT_MS)));
  const answer = await Promise.race([attempt, late]).finally(() => clearTimeout(timer));
  if (answer !== "late") return answer;
  log.warn(`the wallet did not answer eth_accounts within ${SILENT_CONNECT_MS} ms; left unconnected`);
  await letGo(connector);
  return false;
}

/**
 * Connects: `eth_requestAccounts` (the first account is used; `eager`: `eth_accounts`, which never
 * prompts), then asks the wallet for BNB Smart Chain, adding it when switching fails. Other
 * wallets are let go, so their events change nothing. Returns what went wrong, if anything: a
 * rejection, a request already open, or another failure (also logged).
 */
export async function connectWallet(choice: WalletChoice, { eager = false }: { eager?: boolean } = {}): Promise<WalletProblem | undefined> {
  const kind = kindOfChoice(choice);
  const [connector] = CONNECTORS[kind];
  // The announced wallet connected so far, if any: still the one in use when this attempt fails.
  const before = chosenAnnouncedWallet();
  if (kind === "announced") chooseAnnouncedWallet(rdnsOf(choice));
  try {
    if (eager) {
      // A wallet that shows the app no account is not connected: nothing is asked of it (a chain
      // switch would be a prompt at page load, for a site it did not let in).
      if (!(await connectSilently(connector))) {
        chooseAnnouncedWallet(before);
        return undefined;
      }
    } else await connector.activate();
  } catch (error) {
    chooseAnnouncedWallet(before);
    const problem = walletProblem(error);
    if (problem === "other") log.warn(`could not connect the ${kind} wallet`, error);
    // A remembered wallet that is gone (uninstalled, or never announced itself) is forgotten.
    if (eager && !connector.provider) remember(undefined);
    return problem;
  }
  if (!connector.provider) return undefined;
  for (const [other] of CONNECTOR_LIST) if (other !== connector) await letGo(other);
  remember(choice);
  await ensureBscChain(connector.provider as Eip1193Provider);
  return undefined;
}

async function letGo(connector: Connector): Promise<void> {
  if (connector.deactivate) await connector.deactivate();
  else await connector.resetState();
}

export async function disconnectWallet(): Promise<void> {
  for (const [connector] of CONNECTOR_LIST) await letGo(connector);
  remember(DISCONNECTED);
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
  /** How the connected wallet was chosen (an announced one with its rdns), as the menu offers it. */
  choice: WalletChoice | undefined;
  /** The connected announced wallet's own name (EIP-6963). */
  name: string | undefined;
  /** The connected wallet's provider, to sign with; undefined when none is connected. */
  provider: Eip1193Provider | undefined;
  /** Asks the connected wallet to move to BNB Smart Chain (adding it if needed). */
  switchChain: () => Promise<void>;
}

export function useWallet(): WalletState {
  const { connector, account, chainId, isActive, isActivating } = useWeb3React();
  const active = isActive && Boolean(account);
  const kind = active ? kindOf(connector) : undefined;
  const rdns = kind === "announced" ? chosenAnnouncedWallet() : undefined;
  return {
    account: active && account ? getAddress(account) : null,
    chainId,
    isActive: active,
    isActivating,
    isWrongChain: active && chainId !== BSC.chainId,
    kind,
    choice: rdns ? announcedChoice(rdns) : kind === "announced" ? undefined : kind,
    name: rdns ? walletDiscovery.find(rdns)?.name : undefined,
    provider: active ? (connector.provider as Eip1193Provider | undefined) : undefined,
    switchChain: async () => {
      if (connector.provider) await ensureBscChain(connector.provider as Eip1193Provider);
    },
  };
}
