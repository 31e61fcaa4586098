/**
 * What the app needs of a wallet's provider (EIP-1193), and how its errors are told apart.
 */
import type { Provider, RequestArguments } from "@web3-react/types";

/** An EIP-1193 provider, in the shape web3-react's connectors hold. */
export type Eip1193Provider = Provider & { isMetaMask?: boolean };
export type { RequestArguments };

/** EIP-1193 and MetaMask error codes the app reacts to. */
export const WalletErrorCode = {
  /** The user rejected the request. */
  Rejected: 4001,
  /** A request of the same kind is already waiting in the wallet. */
  RequestPending: -32002,
} as const;

/** The wallet error code, looking into the wrappers wallets and ethers put around it. */
export function walletErrorCode(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; data?: { originalError?: unknown }; error?: unknown; info?: { error?: unknown } };
    if (typeof candidate.code === "number") return candidate.code;
    // ethers v6 wraps a wallet rejection as ACTION_REJECTED, keeping the wallet's error in info.
    if (candidate.code === "ACTION_REJECTED") return WalletErrorCode.Rejected;
    current = candidate.data?.originalError ?? candidate.info?.error ?? candidate.error;
  }
  return undefined;
}

export type WalletProblem = "rejected" | "requestPending" | "other";

export function walletProblem(error: unknown): WalletProblem {
  switch (walletErrorCode(error)) {
    case WalletErrorCode.Rejected:
      return "rejected";
    case WalletErrorCode.RequestPending:
      return "requestPending";
    default:
      return "other";
  }
}

/** Wraps an old injected `web3.currentProvider` (send/sendAsync, no `request`) as EIP-1193; a
 *  provider that has `request` but no events gets inert ones. */
export function asEip1193(provider: unknown): Eip1193Provider | undefined {
  if (!provider || typeof provider !== "object") return undefined;
  const candidate = provider as Partial<Eip1193Provider> & {
    sendAsync?: (payload: object, callback: (error: unknown, response?: { result?: unknown; error?: unknown }) => void) => void;
  };
  let request = candidate.request?.bind(candidate);
  const sendAsync = candidate.sendAsync;
  if (!request && typeof sendAsync === "function") {
    let id = 0;
    request = ({ method, params }) =>
      new Promise((resolve, reject) => {
        sendAsync.call(candidate, { jsonrpc: "2.0", id: ++id, method, params: params ?? [] }, (error, response) => {
          if (error) reject(error);
          else if (response?.error) reject(response.error);
          else resolve(response?.result);
        });
      });
  }
  if (!request) return undefined;
  return withEvents(request, candidate);
}

/** An EIP-1193 provider from a `request` function, forwarding events when `source` has them. */
export function withEvents(request: Eip1193Provider["request"], source: Partial<Eip1193Provider> = {}): Eip1193Provider {
  const provider: Eip1193Provider = {
    request,
    on: (event, listener) => {
      source.on?.(event, listener);
      return provider;
    },
    removeListener: (event, listener) => {
      source.removeListener?.(event, listener);
      return provider;
    },
  };
  return provider;
}

/** What the browser offers as `window.ethereum` (the injected wallet), if anything. */
export const injectedProvider = (): unknown => (window as { ethereum?: unknown }).ethereum;
