import { initializeConnector } from "@web3-react/core";
import { MetaMask } from "@web3-react/metamask";

import { log } from "@/lib/log";

/** The injected `window.ethereum` wallet (MetaMask and the wallets that copy its interface). */
export const [metaMask, metaMaskHooks, metaMaskStore] = initializeConnector<MetaMask>(
  (actions) =>
    new MetaMask({
      actions,
      // Found at once or not at all: the app does not wait seconds for a late injection.
      options: { silent: true, timeout: 100 },
      onError: (error) => log.warn("wallet error", error),
    }),
);
