/**
 * The wallet apps a phone with no wallet is offered, in order: brands, the same in every language.
 * A module of its own: the read-only banner draws their labels at once (status-banners.tsx) while
 * the links themselves (wallet-app-links.ts) load with their part.
 */
export const WALLET_APPS = ["MetaMask", "Trust Wallet"] as const;

export type WalletApp = (typeof WALLET_APPS)[number];
