/**
 * A web3-react connector over any EIP-1193 provider the app already holds: the wallet the user
 * picked among those announced (EIP-6963), the legacy `window.web3.currentProvider`, or the dev
 * wallet. (A lone window.ethereum goes through @web3-react/metamask.) Unlike @web3-react/eip1193 it
 * lets the wallet's errors through, so a rejection can be told to the user, and it can move to
 * another provider: it listens to the one it is connected to and to no other, so events from
 * wallets the user did not pick change nothing.
 */
import { Connector, type Actions } from "@web3-react/types";

import type { Eip1193Provider } from "../eip1193";

const parseChainId = (chainId: string) => Number.parseInt(chainId, 16);

export class ProvidedConnector extends Connector {
  private stopListening: (() => void) | undefined;
  /** Counts connections and disconnections: a later one makes an earlier one's resume moot. */
  private attempts = 0;

  constructor(
    actions: Actions,
    /** The provider to connect to now (read at each connection: the user may have picked another). */
    private readonly loadProvider: () => Promise<Eip1193Provider | undefined>,
  ) {
    super(actions);
  }

  /** Asks for the accounts (the wallet may prompt); the first is used. */
  async activate(): Promise<void> {
    await this.connect("eth_requestAccounts");
  }

  /** Reconnects without a prompt: `eth_accounts`; a wallet that no longer lets the app see an
   *  account leaves it disconnected. */
  async connectEagerly(): Promise<void> {
    await this.reconnect();
  }

  /** The same, telling whether the wallet showed an account (false: left disconnected). */
  async reconnect(): Promise<boolean> {
    return this.connect("eth_accounts");
  }

  /** Forgets the provider: its later events change nothing. */
  deactivate(): void {
    this.attempts += 1;
    this.unlisten();
    this.provider = undefined;
    this.actions.resetState();
  }

  /**
   * Connects to the provider loadProvider gives. It is listened to only once it has shown an
   * account: a wallet the user rejected (or that shows none) is not heard. Meanwhile the provider
   * connected before is not heard either (web3-react's startActivation has cleared the state);
   * when the attempt fails, the app goes back to it, silently (eth_accounts), as if nothing had
   * been tried.
   */
  private async connect(method: "eth_requestAccounts" | "eth_accounts"): Promise<boolean> {
    const attempt = ++this.attempts;
    const previous = this.provider;
    const cancel = this.actions.startActivation();
    this.unlisten();
    try {
      const provider = await this.loadProvider();
      if (!provider) throw new Error("No wallet provider");
      // Accounts first: a wallet may hold eth_chainId until the user has picked an account.
      const accounts = (await provider.request({ method })) as string[];
      // An answer to an attempt given up meanwhile (deactivated, or another attempt started) changes nothing.
      if (attempt !== this.attempts) return false;
      if (!accounts.length) {
        if (method === "eth_accounts") {
          cancel();
          this.resume(previous, attempt);
          return false;
        }
        throw new Error("The wallet returned no account");
      }
      const chainId = (await provider.request({ method: "eth_chainId" })) as string;
      if (attempt !== this.attempts) return false;
      this.listen(provider);
      this.actions.update({ accounts, chainId: parseChainId(chainId) });
      return true;
    } catch (error) {
      cancel();
      this.resume(previous, attempt);
      throw error;
    }
  }

  /** Back to the provider connected before a failed attempt (if any): listened to again, and its
   *  account and chain read anew without a prompt. Not awaited: a wallet that never answers must
   *  not hold up the report of the failure. */
  private resume(previous: Eip1193Provider | undefined, attempt: number): void {
    if (!previous) {
      this.provider = undefined;
      return;
    }
    this.listen(previous);
    void (async () => {
      try {
        const accounts = (await previous.request({ method: "eth_accounts" })) as string[];
        if (!accounts.length || attempt !== this.attempts) return;
        const chainId = (await previous.request({ method: "eth_chainId" })) as string;
        if (attempt === this.attempts) this.actions.update({ accounts, chainId: parseChainId(chainId) });
      } catch {
        // Left disconnected: the user connects again.
      }
    })();
  }

  private unlisten(): void {
    this.stopListening?.();
    this.stopListening = undefined;
  }

  /** Makes `provider` the one talked to, listening to its events (and no longer to a previous one's). */
  private listen(provider: Eip1193Provider): void {
    this.unlisten();
    this.provider = provider;
    const onChain = (chainId: string) => this.actions.update({ chainId: parseChainId(chainId) });
    const onAccounts = (accounts: string[]) => (accounts.length ? this.actions.update({ accounts }) : this.actions.resetState());
    const onDisconnect = () => this.actions.resetState();
    provider.on("chainChanged", onChain);
    provider.on("accountsChanged", onAccounts);
    provider.on("disconnect", onDisconnect);
    this.stopListening = () => {
      provider.removeListener("chainChanged", onChain);
      provider.removeListener("accountsChanged", onAccounts);
      provider.removeListener("disconnect", onDisconnect);
    };
  }
}
