/**
 * The one way the app sends a transaction: waiting for the wallet, pending (with the hash and an
 * explorer link), then confirmed or failed with the spec's message. A second submit while one is
 * in flight is ignored; nothing is sent without a wallet on BNB Smart Chain; views refresh once
 * the transaction is confirmed.
 */
import type { ContractTransactionResponse } from "ethers";
import { useCallback, useRef, useState } from "react";

import type { TokenSymbol } from "@/config/contract-names";
import { log } from "@/lib/log";
import { toast, type Message } from "@/lib/toast/toast-store";
import { useWallet } from "@/lib/wallet/wallet";

import { useChainStatus } from "./chain-status";
import { describeError } from "./describe-error";
import type { SigningContracts } from "./signing";

/** How long a sent transaction may take to be mined before the app stops waiting for it. */
export const CONFIRMATION_TIMEOUT_MS = 5 * 60_000;

export type TransactionPhase = "idle" | "wallet" | "pending" | "confirmed" | "failed";

export interface TransactionState {
  phase: TransactionPhase;
  hash?: string;
  error?: Message;
}

export interface TransactionOptions {
  /** Message keys for the outcome, e.g. 'common:messages.purchaseSuccessful' / 'errors:purchaseFailed'. */
  success: string;
  failure: string;
  /** Messages this screen gives some contract errors instead of the default ones. */
  overrides?: Partial<Record<string, string>>;
  /** The token the action spends, to name it when a balance is too low. */
  token?: TokenSymbol;
}

export type SendTransaction = (contracts: SigningContracts) => Promise<ContractTransactionResponse>;

export function useTransaction() {
  const wallet = useWallet();
  const [state, setState] = useState<TransactionState>({ phase: "idle" });
  const inFlight = useRef(false);

  const run = useCallback(
    async (send: SendTransaction, options: TransactionOptions): Promise<boolean> => {
      if (inFlight.current) return false;
      if (!wallet.account || !wallet.provider) {
        toast.error("common:wallet.connectFirst");
        return false;
      }
      if (wallet.isWrongChain) {
        toast.error("common:wallet.wrongNetwork");
        return false;
      }
      inFlight.current = true;
      setState({ phase: "wallet" });
      let hash: string | undefined;
      try {
        const { signingContracts, waitMined } = await import("./signing");
        const response = await send(await signingContracts(wallet.provider, wallet.account));
        hash = response.hash;
        setState({ phase: "pending", hash });
        // A transaction the network dropped must not keep the button busy for ever: after the
        // wait, ethers throws TIMEOUT, told as a network problem, and the user can try again.
        const receipt = await waitMined(response, CONFIRMATION_TIMEOUT_MS);
        if (!receipt || receipt.status !== 1) throw new Error(`Transaction ${hash} failed`);
        setState({ phase: "confirmed", hash });
        toast.success(options.success);
        useChainStatus.getState().transactionConfirmed();
        return true;
      } catch (error) {
        const message = await describeError(error, { fallback: options.failure, overrides: options.overrides, token: options.token });
        log.warn("transaction failed", error);
        setState({ phase: "failed", hash, error: message });
        toast.error(message.key, message.params);
        return false;
      } finally {
        inFlight.current = false;
      }
    },
    [wallet],
  );

  const busy = state.phase === "wallet" || state.phase === "pending";
  return { ...state, busy, run };
}
