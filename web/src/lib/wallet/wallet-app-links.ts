/**
 * Phones have no wallet extension: the wallet is an app with its own browser. These links open the
 * current page there (the wallet apps' documented universal links), with the referrer of the visit
 * put back into the address (the app took `ref` out of the visible one at launch), so a referral
 * survives the hop.
 */
import { readHash, writeHash } from "@/lib/routing/hash-address";

import { WALLET_APPS, type WalletApp } from "./wallet-apps";

export interface WalletAppLink {
  wallet: WalletApp;
  url: string;
}

/** BNB Smart Chain in Trust Wallet's coin ids (SLIP-44 style, as its deep links name it). */
const TRUST_WALLET_BSC_COIN_ID = "20000714";

/** `pageUrl` with `ref` in the hash's query, where referral links carry it (`#/path?ref=…`). */
export function withRef(pageUrl: string, ref: string): string {
  if (!ref) return pageUrl;
  const url = new URL(pageUrl);
  const address = readHash(url);
  address.params.set("ref", ref);
  writeHash(url, address);
  return url.toString();
}

/** Links that open `pageUrl` in a wallet app's browser. */
export function walletAppLinks(pageUrl: string): WalletAppLink[] {
  const urls: Record<WalletApp, string> = {
    // MetaMask takes the address without its scheme after /dapp/ (and opens it over https).
    MetaMask: `https://metamask.app.link/dapp/${pageUrl.replace(/^https?:\/\//, "")}`,
    "Trust Wallet": `https://link.trustwallet.com/open_url?coin_id=${TRUST_WALLET_BSC_COIN_ID}&url=${encodeURIComponent(pageUrl)}`,
  };
  return WALLET_APPS.map((wallet) => ({ wallet, url: urls[wallet] }));
}
