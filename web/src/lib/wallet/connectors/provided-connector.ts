/**
 * A web3-react connector over any EIP-1193 provider the app already holds: the legacy
 * `window.web3.currentProvider`, or the dev wallet. (window.ethereum goes through
 * @web3-react/metamask.) Unlike @web3-react/eip1193 it lets the wallet's errors through, so a
 * rejection can be told to the user.
 */
import { Connector, type Actions } from "@web3-react/types";

import type { Eip1193Provider } from "../eip1193";

const parseChainId = (chainId: string) => Number.parseInt(chainId, 16);

export class ProvidedConnector extends Connector {
  private subscribed = false;

  constructor(
    actions: Actions,
    private readonly loadProvider: () => Promise<Eip1193Provider | undefined>,
  ) {
    super(actions);
  }

  async activate(): Promise<void> {
    const cancel = this.actions.startActivation();
    try {
      await this.requestAccounts();
    } catch (error) {
      cancel();
      throw error;
    }
  }

  resetState(): void {
    this.actions.resetState();
  }

  /** Asks for the accounts (the first is used), then the chain. */
  private async requestAccounts(): Promise<void> {
    const provider = await this.ready();
    // Accounts first: a wallet may hold eth_chainId until the user has picked an account.
    const accounts = (await provider.request({ method: "eth_requestAccounts" })) as string[];
    if (!accounts.length) throw new Error("The wallet returned no account");
    const chainId = (await provider.request({ method: "eth_chainId" })) as string;
    this.actions.update({ accounts, chainId: parseChainId(chainId) });
  }

  private async ready(): Promise<Eip1193Provider> {
    this.provider ??= await this.loadProvider();
    if (!this.provider) throw new Error("No wallet provider");
    const provider: Eip1193Provider = this.provider;
    if (!this.subscribed) {
      this.subscribed = true;
      provider.on("chainChanged", (chainId: string) => this.actions.update({ chainId: parseChainId(chainId) }));
      provider.on("accountsChanged", (accounts: string[]) =>
        accounts.length ? this.actions.update({ accounts }) : this.actions.resetState(),
      );
      provider.on("disconnect", () => this.actions.resetState());
    }
    return provider;
  }
}
