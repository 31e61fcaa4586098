/**
 * The wallets this browser has, as they announce themselves (EIP-6963). Several extensions
 * (MetaMask, Trust Wallet, OKX, Binance Web3 Wallet, Rabby, TokenPocket) overwrite each other's
 * `window.ethereum`; each still announces its own provider on a window event. mipd (by the viem
 * authors) keeps the store; this module only checks what is announced, since any script on the page
 * can dispatch the event: a name (cleared of what could hide or disguise it, and cut to fit), an
 * `rdns`, a provider with `request`, and an icon that is a data URI of a raster image (shown as an
 * <img>, never as HTML). Only the first MAX_ANNOUNCED wallets are kept, and the one that is also
 * `window.ethereum`, so a flood of announcements cannot crowd out the browser's default wallet
 * (docs/product/screens.md §6).
 */
import { createStore, type EIP6963ProviderDetail } from "mipd";
import { useSyncExternalStore } from "react";

import { injectedProvider, type Eip1193Provider } from "./eip1193";

export interface AnnouncedWallet {
  /** Reverse-DNS id of the wallet (`io.metamask`): what the app remembers of the user's choice. */
  rdns: string;
  name: string;
  /** A `data:image/…` URI, or undefined when the wallet sent something else. */
  icon: string | undefined;
  provider: Eip1193Provider;
}

/** Characters: a longer name is cut (the menu also breaks long words, so none makes it wider than a phone). */
const MAX_NAME_LENGTH = 40;
/** The wallets listed at most: the first announced. Any script can announce thousands. */
export const MAX_ANNOUNCED = 10;
/** An rdns as EIP-6963 describes it: dot-separated labels of a reversed domain name. */
const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
/**
 * Raster images only. Not SVG: an <img> runs none of its scripts, but draws all of it, and a 2 kB
 * SVG of nested <use> (the "billion laughs" of SVG) took the menu's and the diagnostics page's
 * thread for 45 s and more; there is no bounding what it costs to draw short of parsing it. A
 * wallet whose icon is SVG is shown with its initial (docs/product/screens.md §6).
 */
const IMAGE_DATA_URI = /^data:image\/(png|jpeg|jpg|gif|webp)[;,]/i;
const MAX_ICON_LENGTH = 200_000;
/**
 * What is never shown of a name: the direction controls (U+202A-202E, U+2066-2069, U+200E/200F,
 * U+061C: "\u202EksaMateM" reads as "MetaMask"), the other control and format characters (zero
 * widths, soft hyphen, BOM), and the default-ignorable ones (invisible, yet they make two names differ).
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;
/** Every kind of space and line or paragraph separator, folded into one space. */
const SPACES = /[\s\p{Z}]+/gu;

/** The name as it is shown: nothing hidden, spaces folded, at most MAX_NAME_LENGTH characters (code points). */
export function cleanName(name: string): string {
  const shown = name.replace(HIDDEN, "").replace(SPACES, " ").trim();
  const characters = Array.from(shown);
  return characters.length > MAX_NAME_LENGTH ? `${characters.slice(0, MAX_NAME_LENGTH - 1).join("").trimEnd()}…` : shown;
}

/** The announcement as the app will use it, or undefined when it is not a usable wallet. */
export function checkAnnouncement(detail: unknown): AnnouncedWallet | undefined {
  if (!detail || typeof detail !== "object") return undefined;
  const { info, provider } = detail as Partial<EIP6963ProviderDetail>;
  if (!info || typeof info !== "object" || !provider || typeof provider.request !== "function") return undefined;
  // Bounded before it is looked at: a megabyte of name costs nothing to refuse.
  const name = typeof info.name === "string" ? cleanName(info.name.slice(0, 1000)) : "";
  const rdns = typeof info.rdns === "string" ? info.rdns.trim() : "";
  if (!name || !RDNS.test(rdns) || rdns.length > 253) return undefined;
  const icon = typeof info.icon === "string" && IMAGE_DATA_URI.test(info.icon) && info.icon.length <= MAX_ICON_LENGTH ? info.icon : undefined;
  return {
    rdns,
    name,
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

/** The announced wallet that is also `window.ethereum`: the browser's default, which always has a place. */
function isDefaultWallet(wallet: AnnouncedWallet | undefined): boolean {
  return wallet !== undefined && wallet.provider === injectedProvider();
}

/**
 * The announced wallets, one per rdns (the first to announce it wins: a second announcement of the
 * same id is another script claiming to be that wallet), the first MAX_ANNOUNCED of them.
 */
class WalletDiscovery {
  private wallets: readonly AnnouncedWallet[] = [];
  private readonly listeners = new Set<Listener>();
  /** The provider of each rdns let through to mipd since it last asked: at most MAX_ANNOUNCED. */
  private readonly admitted = new Map<string, Eip1193Provider>();
  private store: ReturnType<typeof createStore> | undefined;
  /** Whether a wallet was turned away for want of room: the diagnostics page says only some are listed. */
  private crowded = false;

  /** Starts listening (once): asks the wallets to announce themselves, and takes late announcements. */
  start(): void {
    if (this.store || typeof window === "undefined") return;
    // Added before mipd's own listener, so it runs first: an announcement the app cannot use goes no
    // further. mipd keeps any detail, and one that is not an object with `info` (null is what the
    // page sees of an event sent from an extension's isolated world) makes it throw on every later
    // announcement: no wallet announced after it would be listed.
    // It also lets through only the first MAX_ANNOUNCED wallets (and the first provider of each
    // rdns): mipd keeps every detail it hears of and tells its subscribers the whole list each
    // time, so 3,000 announcements would cost 3,000 × 3,000 checks; stopped here, each costs one.
    window.addEventListener("eip6963:announceProvider", (event) => {
      const wallet = readAnnouncement((event as CustomEvent<unknown>).detail);
      const known = wallet && this.admitted.get(wallet.rdns);
      if (wallet && (known ? known === wallet.provider : this.admitted.size < MAX_ANNOUNCED || isDefaultWallet(wallet))) {
        this.admitted.set(wallet.rdns, wallet.provider);
        return;
      }
      event.stopImmediatePropagation();
      if (wallet && !known && !this.crowded) {
        this.crowded = true;
        this.changed();
      }
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
          const room = wallets.length < MAX_ANNOUNCED || (isDefaultWallet(wallet) && wallets.length === MAX_ANNOUNCED);
          if (wallet && room && !wallets.some((known) => known.rdns === wallet.rdns)) wallets.push(wallet);
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

  /** Whether some wallet that announced itself is not listed, for want of room. */
  isCrowded = (): boolean => this.crowded;

  /** Forgets what was announced and asks again: the wallets still there announce themselves anew. */
  reset(): void {
    this.admitted.clear();
    this.crowded = false;
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
