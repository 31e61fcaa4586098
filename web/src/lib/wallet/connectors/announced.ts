import { initializeConnector } from "@web3-react/core";

import { walletDiscovery } from "../discovery";
import { ProvidedConnector } from "./provided-connector";

/** The rdns of the announced wallet the user picked: the one this connector talks to. */
const choice: { rdns: string | undefined } = { rdns: undefined };

/** How long a connection waits for the picked wallet to announce itself. Wallets announce at once
 *  when asked (their scripts run before the page's); one whose script starts late (a remembered
 *  wallet, reconnected at startup) takes a moment. */
const ANNOUNCEMENT_WAIT_MS = 500;

/** The wallet the user picked among those that announced themselves (EIP-6963). */
export const [announcedWallet, announcedHooks] = initializeConnector<ProvidedConnector>(
  (actions) =>
    new ProvidedConnector(actions, async () => (choice.rdns ? (await walletDiscovery.waitFor(choice.rdns, ANNOUNCEMENT_WAIT_MS))?.provider : undefined)),
);

/** Points the connector at the announced wallet `rdns`; the next connection goes to it. */
export function chooseAnnouncedWallet(rdns: string | undefined): void {
  choice.rdns = rdns;
}

export function chosenAnnouncedWallet(): string | undefined {
  return choice.rdns;
}
