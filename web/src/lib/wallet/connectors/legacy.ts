import { initializeConnector } from "@web3-react/core";

import { asEip1193 } from "../eip1193";
import { ProvidedConnector } from "./provided-connector";

/** An older wallet that only injects `window.web3.currentProvider`. */
export const [legacyWallet, legacyHooks] = initializeConnector<ProvidedConnector>(
  (actions) =>
    new ProvidedConnector(actions, async () =>
      asEip1193((window as { web3?: { currentProvider?: unknown } }).web3?.currentProvider),
    ),
);

export function hasLegacyProvider(): boolean {
  return asEip1193((window as { web3?: { currentProvider?: unknown } }).web3?.currentProvider) !== undefined;
}
