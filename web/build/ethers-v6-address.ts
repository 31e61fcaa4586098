/**
 * Stands in for `@ethersproject/address` (ethers v5), which @web3-react/store requires only to
 * check the accounts a wallet reports. It checks their form here; the wallet module checksums
 * them with ethers v6 (lib/wallet/wallet.tsx).
 *
 * It must not import ethers itself: a module required from CommonJS is bundled whole, with
 * everything it imports, so re-exporting ethers' getAddress from here put all of ethers' signing
 * code (keys, transactions, providers) in the initial bundle.
 */
export function getAddress(address: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`Invalid address: ${address}`);
  return address;
}
