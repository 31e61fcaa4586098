/**
 * The one wallet that signs with a local test key: an EIP-1193 provider over a private key of the
 * local chain (Hardhat's published test accounts, worthless anywhere else) that forwards what it
 * does not sign to the node. It has two users:
 *
 * - the app's dev wallet (dev-wallet-provider.ts), so that the app runs without an extension. Local
 *   builds only: connectors/dev-wallet.ts imports it behind a condition that a mainnet build folds
 *   to false, so neither this module nor the key reach a mainnet bundle.
 * - the wallet the browser tests and the benchmark inject into Chromium pages
 *   (scripts/lib/injected-wallet.ts). That one runs this class in Node, answers the page's
 *   `window.ethereum` with it, and adds only a test's controls on top: a log of the requests,
 *   rejections by "the user" (4001), requests held until the test confirms them.
 *
 * It lives in the web app because the app bundles it, and the app never imports scripts/; the
 * scripts may import this one module of web/src (eslint.config.mjs names it). Hence it imports only
 * ethers, through the subpaths the web build allows, and nothing of the app (no `@/` alias, no
 * import.meta), so that Node runs it as it is.
 *
 * It answers as MetaMask does where the app cares: the account and the chain; a switch to a chain
 * it does not know is refused with 4902; adding a chain switches to it (chainChanged); another
 * account is accountsChanged; personal_sign; a token to watch is accepted; transactions signed with
 * the pending nonce; and every failure, the node's or ethers', as an EIP-1193 error with a numeric
 * code and the node's revert data, which the app decodes as it does MetaMask's.
 */
import { JsonRpcProvider, Network, type JsonRpcError, type JsonRpcPayload, type JsonRpcResult } from "ethers/providers";
import { FetchRequest, getBytes, isHexString, toQuantity, toUtf8Bytes } from "ethers/utils";
import { Wallet } from "ethers/wallet";

// Relative: Node loads this file too (the browser tests' injected wallet), without the app's aliases.
import { sameAddress } from "../format/format";

/** Hardhat's default account #1 (0x70997970C51812dc3A010C7d01b50e0d17dc79C8): the dev wallet's key,
 *  which the seed registers and funds (as Alice). */
export const DEV_WALLET_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

/** What a wallet's `request` rejects with (EIP-1193 ProviderRpcError). */
export class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** JSON-RPC's internal error: a failure without a code of its own. */
const INTERNAL_ERROR = -32603;
const UNRECOGNIZED_CHAIN = 4902;
/** EIP-1193: the account or method has not been authorized by the user. */
const UNAUTHORIZED = 4100;
/** JSON-RPC: invalid parameters. */
const INVALID_PARAMS = -32602;

export interface TestKeyWalletOptions {
  /** The node's chain id: what transactions are signed for, whatever chain the wallet shows. */
  nodeChainId: number;
  /** The chain the wallet is on at first (hex); the node's by default. */
  chainId?: string;
  /** The chains it knows: a switch to another one is refused with 4902. The first chain by default. */
  knownChains?: string[];
  /** How long a request forwarded to the node may take. */
  timeoutMs?: number;
  /** Whether the user has let the site see the account already (true by default): when not,
   *  `eth_accounts` answers none until the site asks with `eth_requestAccounts`, as a wallet does
   *  on a first visit. */
  letIn?: boolean;
}

interface TransactionParams {
  to?: string;
  data?: string;
  value?: string;
  gas?: string;
  gasLimit?: string;
}

/** An event listener of any payload, as EIP-1193 providers take them. */
type Listener = (...args: never[]) => void;

export class TestKeyWallet {
  private readonly node: JsonRpcProvider;
  private signer: Wallet;
  private current: string;
  private readonly knownChains: Set<string>;
  private letIn: boolean;
  private readonly listeners = new Map<string | symbol, Set<Listener>>();
  private nextId = 1;

  constructor(rpcUrl: string, key: string, options: TestKeyWalletOptions) {
    const connection = new FetchRequest(rpcUrl);
    connection.timeout = options.timeoutMs ?? 30_000;
    // No cache: a nonce or a balance read a moment ago may be stale by the next transaction.
    this.node = new JsonRpcProvider(connection, Network.from(options.nodeChainId), { staticNetwork: true, cacheTimeout: -1 });
    this.signer = new Wallet(key, this.node);
    this.current = options.chainId ?? toQuantity(options.nodeChainId);
    this.knownChains = new Set(options.knownChains ?? [this.current]);
    this.letIn = options.letIn ?? true;
  }

  get address(): string {
    return this.signer.address;
  }

  /** The chain the wallet is on (hex), as `eth_chainId` answers. */
  get chainId(): string {
    return this.current;
  }

  async request({ method, params }: { readonly method: string; readonly params?: readonly unknown[] | object }): Promise<unknown> {
    try {
      return await this.answer(method, Array.isArray(params) ? (params as readonly unknown[]) : []);
    } catch (error) {
      throw asWalletError(error);
    }
  }

  on(event: string | symbol, listener: Listener): this {
    let listeners = this.listeners.get(event);
    if (!listeners) this.listeners.set(event, (listeners = new Set()));
    listeners.add(listener);
    return this;
  }

  removeListener(event: string | symbol, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /** The user picks another account in the wallet. */
  switchAccount(key: string): void {
    this.signer = new Wallet(key, this.node);
    this.emit("accountsChanged", [this.address]);
  }

  private async answer(method: string, params: readonly unknown[]): Promise<unknown> {
    switch (method) {
      case "eth_requestAccounts":
        this.letIn = true;
        return [this.address];
      case "eth_accounts":
        return this.letIn ? [this.address] : [];
      case "eth_chainId":
        return this.current;
      case "net_version":
        return String(Number.parseInt(this.current, 16));
      case "wallet_switchEthereumChain": {
        const { chainId } = (params[0] ?? {}) as { chainId?: string };
        if (!chainId || !this.knownChains.has(chainId)) throw new WalletRpcError(UNRECOGNIZED_CHAIN, `Unrecognized chain ID "${chainId}".`);
        this.moveTo(chainId);
        return null;
      }
      case "wallet_addEthereumChain": {
        const { chainId } = (params[0] ?? {}) as { chainId?: string };
        if (!chainId) throw new WalletRpcError(INTERNAL_ERROR, "wallet_addEthereumChain needs a chainId.");
        this.knownChains.add(chainId);
        this.moveTo(chainId);
        return null;
      }
      case "wallet_watchAsset":
        // As a wallet that agreed to list the token (EIP-747): the app only needs the answer.
        return true;
      case "personal_sign": {
        const message = params[0] as string;
        return this.signer.signMessage(isHexString(message) ? getBytes(message) : toUtf8Bytes(message));
      }
      case "eth_estimateGas":
        this.checkFrom(params[0]);
        return this.forward(method, params);
      case "eth_sendTransaction": {
        this.checkFrom(params[0]);
        this.checkChain(params[0]);
        const transaction = (params[0] ?? {}) as TransactionParams;
        const nonce = Number(await this.forward("eth_getTransactionCount", [this.address, "pending"]));
        const sent = await this.signer.sendTransaction({
          to: transaction.to,
          data: transaction.data,
          value: transaction.value,
          gasLimit: transaction.gas ?? transaction.gasLimit,
          nonce,
        });
        return sent.hash;
      }
      default:
        return this.forward(method, params);
    }
  }

  /** As MetaMask does: a transaction from another account than the one shown to the app is refused. */
  private checkFrom(transaction: unknown): void {
    const from = (transaction as { from?: unknown } | undefined)?.from;
    if (typeof from === "string" && !sameAddress(from, this.address)) {
      throw new WalletRpcError(UNAUTHORIZED, `The requested account ${from} has not been authorized by the user.`);
    }
  }

  /** As MetaMask does: a transaction for another chain than the one the wallet is on is refused. */
  private checkChain(transaction: unknown): void {
    const chainId = (transaction as { chainId?: unknown } | undefined)?.chainId;
    if (chainId !== undefined && (typeof chainId !== "string" || BigInt(chainId) !== BigInt(this.current))) {
      throw new WalletRpcError(INVALID_PARAMS, `Invalid transaction params: chainId should be same as current chainId ${this.current}.`);
    }
  }

  private moveTo(chainId: string): void {
    if (chainId === this.current) return;
    this.current = chainId;
    this.emit("chainChanged", chainId);
  }

  private emit(event: string, value: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (value: unknown) => void)(value);
  }

  /** Reads go to the node as they are; its errors come back as it sent them (revert data included). */
  private async forward(method: string, params: readonly unknown[]): Promise<unknown> {
    const payload: JsonRpcPayload = { id: this.nextId++, jsonrpc: "2.0", method, params: [...params] };
    // _send is ethers' transport: one request, the answer untouched (send() would wrap errors).
    const [answer] = (await this.node._send(payload)) as (JsonRpcResult | JsonRpcError)[];
    if ("error" in answer) throw new WalletRpcError(answer.error.code, answer.error.message ?? "", answer.error.data);
    return answer.result;
  }
}

/** Any failure as a wallet reports it: a numeric code (-32603 when it has none), a message and data. */
function asWalletError(error: unknown): WalletRpcError {
  if (error instanceof WalletRpcError) return error;
  const { code, message, data } = (error ?? {}) as { code?: unknown; message?: string; data?: unknown };
  return new WalletRpcError(typeof code === "number" ? code : INTERNAL_ERROR, message ?? String(error), data);
}
