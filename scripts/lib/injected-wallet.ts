/**
 * The wallet of the browser tests and the benchmark: an EIP-1193 provider injected as
 * `window.ethereum` (isMetaMask) or announced through EIP-6963 (several can share a page), whose requests are answered here in Node by the app's own
 * test-key wallet (web/src/lib/wallet/test-key-wallet.ts, which is also the dev wallet): it signs
 * with a local test key, forwards reads to the node, and behaves as MetaMask where the app cares (on
 * another chain, 4902 for a chain it does not know, adding a chain, switching accounts). This
 * layer adds only what a test needs: the page-side provider, a log of the requests and the chains
 * added, a rejection by "the user" (4001), and requests kept open until the test confirms them.
 */
import { HDNodeWallet, Wallet } from "ethers";
import type { Page } from "playwright-core";

import { BSC_CHAIN_ID } from "../../contracts-abi/product";
import { DEV_WALLET_KEY, TestKeyWallet, type WalletRpcError } from "../../web/src/lib/wallet/test-key-wallet";

const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";

/** The private key of Hardhat's default account `index` (funded with 10,000 BNB on the node). */
export function hardhatKey(index: number): string {
  return HDNodeWallet.fromPhrase(HARDHAT_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`).privateKey;
}

/**
 * The members the seed (scripts/lib/seed.ts) gives data: Alice (Hardhat account #1, the dev
 * wallet's: records, a team, sale orders, earnings) and Bob (#2, whom Alice referred). Hardhat's
 * published test keys, worthless anywhere but a local chain.
 */
export const DEMO_KEY = { alice: DEV_WALLET_KEY, bob: hardhatKey(2) } as const;
export const DEMO_ADDRESS = { alice: new Wallet(DEMO_KEY.alice).address, bob: new Wallet(DEMO_KEY.bob).address } as const;

/** How long a read forwarded to the node may take. */
const FORWARD_TIMEOUT_MS = 30_000;

type Answer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

interface WalletOptions {
  /** How the wallet shows itself to the page: `window.ethereum` unless told. */
  presence?: Presence;
  /** The chain the wallet is on when the page opens (hex). */
  chainId?: string;
  /** The node's chain, which the wallet signs for: BNB Chain's id unless told (97, its testnet). */
  nodeChainId?: number;
  /** Chains the wallet knows: a switch to another one answers 4902. */
  knownChains?: string[];
  /** Whether the user let the site in before (TestKeyWallet's `letIn`; true unless told). */
  letIn?: boolean;
}

/** How a wallet makes itself known to the page: as `window.ethereum` (MetaMask's way, and every
 *  older wallet's), or by announcing itself (EIP-6963) with this name, rdns and icon. */
export type Presence = "window.ethereum" | { announce: { name: string; rdns: string; icon: string } };

/** Runs in the page before the app: the provider object, forwarding to the page function `bridge`.
 *  Every wallet of the page is at `__e2eWallets[id]`, where the test raises its events. */
function installProvider({ id, bridge, presence }: { id: string; bridge: string; presence: Presence }): void {
  const page = window as unknown as Record<string, unknown> & { __e2eWallets?: Record<string, unknown> };
  const listeners: Record<string, Set<(value: unknown) => void>> = {};
  const call = page[bridge] as (request: { method: string; params: unknown[] }) => Promise<Answer>;
  const provider = {
    isMetaMask: true,
    async request({ method, params }: { method: string; params?: unknown[] }) {
      const answer = await call({ method, params: params ?? [] });
      if ("error" in answer) throw Object.assign(new Error(answer.error.message), { code: answer.error.code }, answer.error.data === undefined ? {} : { data: answer.error.data });
      return answer.result;
    },
    on(event: string, listener: (value: unknown) => void) {
      (listeners[event] ??= new Set()).add(listener);
      return provider;
    },
    removeListener(event: string, listener: (value: unknown) => void) {
      listeners[event]?.delete(listener);
      return provider;
    },
    __emit(event: string, value: unknown) {
      for (const listener of listeners[event] ?? []) listener(value);
    },
  };
  (page.__e2eWallets ??= {})[id] = provider;
  if (presence === "window.ethereum") {
    page.ethereum = provider;
    return;
  }
  const detail = Object.freeze({ info: Object.freeze({ uuid: crypto.randomUUID(), ...presence.announce }), provider });
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
}

let nextWalletId = 0;

export class InjectedWallet {
  readonly requests: { method: string; params: unknown[] }[] = [];
  readonly addedChains: unknown[] = [];
  private readonly wallet: TestKeyWallet;
  private readonly rejections = new Map<string, number>();
  /** Requests of these methods wait for the user (the test) to answer: `release`. */
  private readonly holds = new Map<string, Array<() => void>>();
  /** Events the wallet raised that are on their way to the page. */
  private delivering: Promise<void>[] = [];
  private page: Page | undefined;
  /** Its name in the page: several wallets can share one page. */
  private readonly id = `wallet${nextWalletId++}`;
  private readonly presence: Presence;

  constructor(nodeUrl: string, key: string, options: WalletOptions = {}) {
    this.presence = options.presence ?? "window.ethereum";
    this.wallet = new TestKeyWallet(nodeUrl, key, {
      nodeChainId: options.nodeChainId ?? BSC_CHAIN_ID,
      chainId: options.chainId,
      knownChains: options.knownChains,
      letIn: options.letIn,
      timeoutMs: FORWARD_TIMEOUT_MS,
    });
    for (const event of ["accountsChanged", "chainChanged"]) {
      this.wallet.on(event, (value: unknown) => this.delivering.push(this.emit(event, value)));
    }
  }

  get address(): string {
    return this.wallet.address;
  }

  get chainId(): string {
    return this.wallet.chainId;
  }

  async attach(page: Page): Promise<void> {
    this.page = page;
    const bridge = `__e2eBridge_${this.id}`;
    await page.exposeFunction(bridge, (call: { method: string; params: unknown[] }) => this.answer(call));
    await page.addInitScript(installProvider, { id: this.id, bridge, presence: this.presence });
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
    this.wallet.switchAccount(key);
    await this.delivered();
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
      const result = await this.wallet.request({ method, params });
      if (method === "wallet_addEthereumChain") this.addedChains.push(params[0]);
      return { result };
    } catch (error) {
      const { code, message, data } = error as WalletRpcError;
      return { error: { code, message, data } };
    } finally {
      // As MetaMask does: the page hears of a new chain before its switch request resolves.
      await this.delivered();
    }
  }

  private async delivered(): Promise<void> {
    await Promise.all(this.delivering.splice(0));
  }

  private async emit(event: string, value: unknown): Promise<void> {
    // Runs in the page, where `globalThis` is the window holding the injected provider.
    await this.page?.evaluate(
      ([id, name, payload]) => (globalThis as unknown as { __e2eWallets: Record<string, { __emit: (e: string, v: unknown) => void }> }).__e2eWallets[id].__emit(name, payload),
      [this.id, event, value] as const,
    );
  }
}
