/**
 * The dev wallet: the test-key wallet (test-key-wallet.ts, the same one the browser tests inject)
 * on the local node, signing with Hardhat's account #1, a key published with Hardhat itself and
 * worthless on any real network. Local builds only (see connectors/dev-wallet.ts).
 */
import { BSC } from "@/config/chain";

import type { Eip1193Provider } from "./eip1193";
import { DEV_WALLET_KEY, TestKeyWallet } from "./test-key-wallet";

export { DEV_WALLET_KEY };

export function createDevWalletProvider(rpcUrl: string, privateKey: string = DEV_WALLET_KEY): Eip1193Provider {
  return new TestKeyWallet(rpcUrl, privateKey, { nodeChainId: BSC.chainId });
}
