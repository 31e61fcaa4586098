/**
 * The wallet of the browser tests and the benchmark: an EIP-1193 provider injected as
 * `window.ethereum` (isMetaMask), whose requests are answered here in Node. It signs with a local
 * test key, forwards reads to the node, and behaves as MetaMask where the app cares: it can be on
 * another chain, answer 4902 to a switch to a chain it does not know, add a chain (and switch to
 * it), reject a request with 4001, and switch accounts (accountsChanged).
 */
import { HDNodeWallet, Wallet, getBytes, isHexString, toUtf8Bytes, type JsonRpcProvider } from "ethers";
import type { Page } from "playwright-core";

import { JsonRpcError, localProvider, rpc } from "./json-rpc";

const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";

/** The private key of Hardhat's default account `index` (funded with 10,000 BNB on the node). */
export function hardhatKey(index: number): string {
  return HDNodeWallet.fromPhrase(HARDHAT_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`).privateKey;
}

/**
 * The members the seed (scripts/lib/seed.ts) gives data: Alice (Hardhat account #1: records, a
 * team, sale orders, earnings) and Bob (#2, whom Alice referred). Hardhat's published test keys,
 * worthless anywhere but a local chain.
 */
export const DEMO_KEY = { alice: hardhatKey(1), bob: hardhatKey(2) } as const;
export const DEMO_ADDRESS = { alice: new Wallet(DEMO_KEY.alice).address, bob: new Wallet(DEMO_KEY.bob).address } as const;

/** How long a read forwarded to the node may take. */
const FORWARD_TIMEOUT_MS = 30_000;

type Answer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

interface WalletOptions {
  /** The chain the wallet is on when the page opens (hex). */
  chainId?: string;
  /** Chains the wallet knows: a switch to another one answers 4902. */
  knownChains?: string[];
}

/** Runs in the page before the app: the provider object, forwarding to `__e2eWallet`. */
const PROVIDER_SCRIPT = `(() => {
  const listeners = {};
  const ethereum = {
    isMetaMask: true,
    async request({ method, params }) {
      const answer = await window.__e2eWallet({ method, params: params ?? [] });
      if ("error" in answer) {
        const error = new Error(answer.error.message);
        error.code = answer.error.code;
        if (answer.error.data !== undefined) error.data = answer.error.data;
        throw error;
      }
      return answer.result;
    },
    on(event, listener) { (listeners[event] ??= new Set()).add(listener); return ethereum; },
    removeListener(event, listener) { listeners[event]?.delete(listener); return ethereum; },
    __emit(event, value) { for (const listener of listeners[event] ?? []) listener(value); },
  };
  window.ethereum = ethereum;
})();`;

export class InjectedWallet {
  readonly requests: { method: string; params: unknown[] }[] = [];
  readonly addedChains: unknown[] = [];
  chainId: string;
  private readonly knownChains: Set<string>;
  private readonly rejections = new Map<string, number>();
  /** Requests of these methods wait for the user (the test) to answer: `release`. */
  private readonly holds = new Map<string, Array<() => void>>();
  private readonly provider: JsonRpcProvider;
  private signer: Wallet;
  private page: Page | undefined;

  constructor(
    private readonly nodeUrl: string,
    key: string,
    options: WalletOptions = {},
  ) {
    this.chainId = options.chainId ?? "0x38";
    this.knownChains = new Set(options.knownChains ?? [this.chainId]);
    this.provider = localProvider(nodeUrl);
    this.signer = new Wallet(key, this.provider);
  }

  get address(): string {
    return this.signer.address;
  }

  async attach(page: Page): Promise<void> {
    this.page = page;
    await page.exposeFunction("__e2eWallet", (call: { method: string; params: unknown[] }) => this.answer(call));
    await page.addInitScript(PROVIDER_SCRIPT);
  }

  /** The next `method` request is rejected by "the user" (4001). */
  rejectNext(method: string): void {
    this.rejections.set(method, (this.rejections.get(method) ?? 0) + 1);
  }

  /** The next `method` requests stay open in "the wallet" until `release(method)`, as a user who has not confirmed yet. */
  holdNext(method: string): void {
    this.holds.set(method, []);
  }

  /** The user confirms the held `method` requests; later ones are answered at once again. */
  release(method: string): void {
    const waiting = this.holds.get(method) ?? [];
    this.holds.delete(method);
    for (const resume of waiting) resume();
  }

  called(method: string): unknown[][] {
    return this.requests.filter((request) => request.method === method).map((request) => request.params);
  }

  /** The user picks another account in the wallet. */
  async switchAccount(key: string): Promise<void> {
    this.signer = new Wallet(key, this.provider);
    await this.emit("accountsChanged", [this.address]);
  }

  private async emit(event: string, value: unknown): Promise<void> {
    // Runs in the page, where `globalThis` is the window holding the injected provider.
    await this.page?.evaluate(
      ([name, payload]) => (globalThis as unknown as { ethereum: { __emit: (e: string, v: unknown) => void } }).ethereum.__emit(name, payload),
      [event, value] as const,
    );
  }

  private async answer(call: { method: string; params: unknown[] }): Promise<Answer> {
    this.requests.push(call);
    const { method, params } = call;
    const held = this.holds.get(method);
    if (held) await new Promise<void>((resume) => held.push(resume));
    const rejections = this.rejections.get(method) ?? 0;
    if (rejections > 0) {
      this.rejections.set(method, rejections - 1);
      return { error: { code: 4001, message: "MetaMask Tx Signature: User denied transaction signature." } };
    }
    try {
      return { result: await this.handle(method, params) };
    } catch (error) {
      // The node's errors go back as the node sent them (revert data included).
      if (error instanceof JsonRpcError) return { error: { code: error.code, message: error.reason, data: error.data } };
      const { code, message, data } = error as { code?: unknown; message?: string; data?: unknown };
      return { error: { code: typeof code === "number" ? code : -32603, message: message ?? String(error), data } };
    }
  }

  private async handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case "eth_requestAccounts":
      case "eth_accounts":
        return [this.address];
      case "eth_chainId":
        return this.chainId;
      case "net_version":
        return String(Number.parseInt(this.chainId, 16));
      case "wallet_switchEthereumChain": {
        const { chainId } = params[0] as { chainId: string };
        if (!this.knownChains.has(chainId)) throw Object.assign(new Error(`Unrecognized chain ID "${chainId}".`), { code: 4902 });
        await this.moveTo(chainId);
        return null;
      }
      case "wallet_addEthereumChain": {
        const chain = params[0] as { chainId: string };
        this.addedChains.push(chain);
        this.knownChains.add(chain.chainId);
        await this.moveTo(chain.chainId);
        return null;
      }
      case "personal_sign": {
        const message = params[0] as string;
        return this.signer.signMessage(isHexString(message) ? getBytes(message) : toUtf8Bytes(message));
      }
      case "eth_sendTransaction": {
        const transaction = params[0] as { to?: string; data?: string; value?: string; gas?: string };
        const nonce = Number(await this.forward("eth_getTransactionCount", [this.address, "pending"]));
        const sent = await this.signer.sendTransaction({ to: transaction.to, data: transaction.data, value: transaction.value, gasLimit: transaction.gas, nonce });
        return sent.hash;
      }
      default:
        return this.forward(method, params);
    }
  }

  private async moveTo(chainId: string): Promise<void> {
    if (chainId === this.chainId) return;
    this.chainId = chainId;
    await this.emit("chainChanged", chainId);
  }

  /** Reads go to the node as they are; its errors come back as JsonRpcErrors. */
  private forward(method: string, params: unknown[]): Promise<unknown> {
    return rpc(this.nodeUrl, method, params, FORWARD_TIMEOUT_MS);
  }
}
