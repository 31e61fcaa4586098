/**
 * A scripted EIP-1193 provider for tests: answers from a table, can fail any method with a wallet
 * error code, records every request, and emits events like a wallet does.
 */
import type { Eip1193Provider } from "@/lib/wallet/eip1193";

type Handler = (params: unknown[]) => unknown;

export class ScriptedProvider implements Eip1193Provider {
  readonly requests: { method: string; params: unknown[] }[] = [];
  private readonly listeners = new Map<string, Set<(...args: never[]) => void>>();
  private readonly handlers = new Map<string, Handler>();
  isMetaMask = true;

  constructor(
    public accounts: string[] = ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"],
    public chainId = "0x38",
  ) {
    this.reset();
  }

  /** Forgets the requests and answers everything again, as a wallet that accepts. */
  reset(): this {
    this.requests.length = 0;
    this.handle("eth_requestAccounts", () => this.accounts);
    this.handle("eth_accounts", () => this.accounts);
    this.handle("eth_chainId", () => this.chainId);
    this.handle("wallet_switchEthereumChain", (params) => this.moveTo((params[0] as { chainId: string }).chainId));
    this.handle("wallet_addEthereumChain", (params) => this.moveTo((params[0] as { chainId: string }).chainId));
    return this;
  }

  /** The wallet moves to `chainId` and says so, as wallets do after a switch. */
  moveTo(chainId: string): null {
    if (chainId !== this.chainId) {
      this.chainId = chainId;
      this.emit("chainChanged", chainId);
    }
    return null;
  }

  handle(method: string, handler: Handler): this {
    this.handlers.set(method, handler);
    return this;
  }

  /** Makes `method` fail with a wallet error. */
  fail(method: string, code: number, message = `failed with ${code}`): this {
    return this.handle(method, () => {
      throw Object.assign(new Error(message), { code });
    });
  }

  called(method: string) {
    return this.requests.filter((request) => request.method === method);
  }

  async request({ method, params }: { method: string; params?: unknown[] | object }): Promise<unknown> {
    // An object (EIP-747's wallet_watchAsset takes one) is kept as the list's only item.
    const list = (Array.isArray(params) ? params : params === undefined ? [] : [params]) as unknown[];
    this.requests.push({ method, params: list });
    const handler = this.handlers.get(method);
    if (!handler) throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
    return handler(list);
  }

  on(event: string, listener: (...args: never[]) => void): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  removeListener(event: string, listener: (...args: never[]) => void): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...values: unknown[]) => void)(...args);
  }
}
