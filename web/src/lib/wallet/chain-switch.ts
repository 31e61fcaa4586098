import { addEthereumChainParameter, BSC } from "@/config/chain";
import { log } from "@/lib/log";

import type { Eip1193Provider } from "./eip1193";

/**
 * Asks the wallet to use BNB Smart Chain. If switching fails, whatever the reason (4902: the
 * wallet does not know the chain; or another error), the wallet is asked to add it, and the app
 * carries on either way: a wallet still on another chain gets the wrong-network banner.
 */
export async function ensureBscChain(provider: Eip1193Provider): Promise<void> {
  try {
    await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: BSC.chainIdHex }] });
    return;
  } catch (switchError) {
    log.warn("wallet_switchEthereumChain failed; asking the wallet to add the chain", switchError);
  }
  try {
    await provider.request({ method: "wallet_addEthereumChain", params: [addEthereumChainParameter] });
  } catch (addError) {
    log.warn("wallet_addEthereumChain failed; carrying on", addError);
  }
}
