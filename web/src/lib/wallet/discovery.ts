/**
 * The wallets this browser has, as they announce themselves (EIP-6963). Several extensions
 * (MetaMask, Trust Wallet, OKX, Binance Web3 Wallet, Rabby, TokenPocket) overwrite each other's
 * `window.ethereum`; each still announces its own provider on a window event. mipd (by the viem
 * authors) keeps the store; this module only checks what is announced, since any script on the page
 * can dispatch the event: a name, an `rdns`, a provider with `request`, and an icon that is a data
 * URI of an image (it is shown as an <img>, never as HTML).
 */
import { createStore, type EIP6963ProviderDetail } from "mipd";
import { useSyncExternalStore } from "react";

import type { Eip1193Provider } from "./eip1193";

export interface AnnouncedWallet {
  /** Reverse-DNS id of the wallet (`io.metamask`): what the app remembers of the user's choice. */
  rdns: string;
  name: string;
  /** A `data:image/…` URI, or undefined when the wallet sent something else. */
  icon: string | undefined;
  provider: Eip1193Provider;
}

const MAX_NAME_LENGTH = 60;
/** An rdns as EIP-6963 describes it: dot-separated labels of a reversed domain name. */
const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
/** Raster or SVG images only: an <img> never runs an SVG's scripts, and nothing else is shown. */
const IMAGE_DATA_URI = /^data:image\/(png|jpeg|jpg|gif|webp|svg\+xml)[;,]/i;
const MAX_ICON_LENGTH = 200_000;

/** The announcement as the app will use it, or undefined when it is not a usable wallet. */
export function checkAnnouncement(detail: unknown): AnnouncedWallet | undefined {
  if (!detail || typeof detail !== "object") return undefined;
  const { info, provider } = detail as Partial<EIP6963ProviderDetail>;
  if (!info || typeof info !== "object" || !provider || typeof provider.request !== "function") return undefined;
  const name = typeof info.name === "string" ? info.name.replace(/\s+/g, " ").trim() : "";
  const rdns = typeof info.rdns === "string" ? info.rdns.trim() : "";
  if (!name || !RDNS.test(rdns) || rdns.length > 253) return undefined;
  const icon = typeof info.icon === "string" && IMAGE_DATA_URI.test(info.icon) && info.icon.length <= MAX_ICON_LENGTH ? info.icon : undefined;
  return {
    rdns,
    name: name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name,
    icon,
    provider: provider as unknown as Eip1193Provider,
  };
}

/** checkAnnouncement, for a detail whose getters may throw (any script can dispatch the event). */
function readAnnouncement(detail: unknown): AnnouncedWallet | undefined {
  try {
    return checkAnnouncement(detail);
  } catch {
    return undefined;
  }
}

type Listener = () => void;

/**
 * The announced wallets, one per rdns (the first to announce it wins: a second announcement of the
 * same id is another script claiming to be that wallet).
 */
class WalletDiscovery {
  private wallets: readonly AnnouncedWallet[] = [];
  private readonly listeners = new Set<Listener>();
  private store: ReturnType<typeof createStore> | undefined;

  /** Starts listening (once): asks the wallets to announce themselves, and takes late announcements. */
  start(): void {
    if (this.store || typeof window === "undefined") return;
    // Added before mipd's own listener, so it runs first: an announcement the app cannot use goes no
    // further. mipd keeps any detail, and one that is not an object with `info` (null is what the
    // page sees of an event sent from an extension's isolated world) makes it throw on every later
    // announcement: no wallet announced after it would be listed.
    window.addEventListener("eip6963:announceProvider", (event) => {
      if (!readAnnouncement((event as CustomEvent<unknown>).detail)) event.stopImmediatePropagation();
    });
    // Some in-app browsers set window.ethereum after the page loaded, and say so with this event
    // (as @metamask/detect-provider expects): the ways to connect are worked out again.
    window.addEventListener("ethereum#initialized", () => this.changed());
    this.store = createStore();
    this.store.subscribe(
      (details) => {
        const wallets: AnnouncedWallet[] = [];
        for (const detail of details) {
          const wallet = readAnnouncement(detail);
          if (wallet && !wallets.some((known) => known.rdns === wallet.rdns)) wallets.push(wallet);
        }
        if (wallets.length === this.wallets.length && wallets.every((wallet, index) => wallet.provider === this.wallets[index].provider)) return;
        this.wallets = wallets;
        for (const listener of this.listeners) listener();
      },
      { emitImmediately: true },
    );
  }

  /** Tells the subscribers that what the browser offers changed, with a new list (a new snapshot). */
  private changed(): void {
    this.wallets = [...this.wallets];
    for (const listener of this.listeners) listener();
  }

  /** Forgets what was announced and asks again: the wallets still there announce themselves anew. */
  reset(): void {
    this.store?.reset();
  }

  list = (): readonly AnnouncedWallet[] => {
    this.start();
    return this.wallets;
  };

  find(rdns: string): AnnouncedWallet | undefined {
    return this.list().find((wallet) => wallet.rdns === rdns);
  }

  subscribe = (listener: Listener): (() => void) => {
    this.start();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Resolves with the wallet `rdns` once it has announced itself, or undefined after `timeoutMs`. */
  waitFor(rdns: string, timeoutMs: number): Promise<AnnouncedWallet | undefined> {
    const found = this.find(rdns);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => {
      const done = (wallet: AnnouncedWallet | undefined) => {
        clearTimeout(timer);
        unsubscribe();
        resolve(wallet);
      };
      const timer = setTimeout(() => done(undefined), timeoutMs);
      const unsubscribe = this.subscribe(() => {
        const wallet = this.find(rdns);
        if (wallet) done(wallet);
      });
    });
  }
}

export const walletDiscovery = new WalletDiscovery();

/** The announced wallets, re-rendering when another one announces itself. */
export function useAnnouncedWallets(): readonly AnnouncedWallet[] {
  return useSyncExternalStore(walletDiscovery.subscribe, walletDiscovery.list, walletDiscovery.list);
}
