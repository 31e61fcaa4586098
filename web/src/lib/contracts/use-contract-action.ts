/**
 * The one way the app sends a transaction, on the one action state machine (lib/actions): waiting
 * for the wallet, pending (with the hash and an explorer link), then confirmed or failed with the
 * spec's message. Nothing is sent without a wallet on BNB Smart Chain (told in a pop-up, nothing
 * changes); views refresh once the transaction is confirmed.
 *
 * Each write of a feature is a `useXAction()` in its `api/` folder: the call to send and its
 * messages, built on this.
 */
import type { ContractTransactionResponse } from "ethers";

import type { ErrorKey, MessageKey } from "@/i18n/message";
import { useAction } from "@/lib/actions/use-action";
import { toast } from "@/lib/toast/toast-store";
import { useWallet } from "@/lib/wallet/wallet";

import { useChainStatus } from "./chain-status";
import { describeError } from "./describe-error";
import type { ErrorContext } from "./errors";
import type { SigningContracts } from "./signing";

/** How long a sent transaction may take to be mined before the app stops waiting for it. */
export const CONFIRMATION_TIMEOUT_MS = 5 * 60_000;

/** How an action's outcome is told; and what the error decoder needs to know that errors do not
 *  carry (the messages this screen gives some errors, the token spent...: ErrorContext). */
export interface TransactionMessages extends Omit<ErrorContext, "fallback"> {
  /** What a confirmed transaction says, e.g. 'common:messages.purchaseSuccessful'. */
  success: MessageKey;
  /** What a failure says when nothing more specific applies, e.g. 'errors:purchaseFailed'. */
  failure: ErrorKey;
}

/** The transaction of an action, given the contracts signed for by the wallet and its arguments. */
export type SendTransaction<A extends unknown[]> = (contracts: SigningContracts, ...args: A) => Promise<ContractTransactionResponse>;

export function useContractAction<A extends unknown[]>(send: SendTransaction<A>, messages: TransactionMessages) {
  const wallet = useWallet();
  return useAction({
    blocked: () => (!wallet.account || !wallet.provider ? { key: "common:wallet.connectFirst" } : wallet.isWrongChain ? { key: "common:wallet.wrongNetwork" } : undefined),
    refused: (reason) => toast.error(reason.key),
    firstPhase: "wallet",
    perform: async (progress, ...args: A) => {
      const { signingContracts, waitMined } = await import("./signing");
      const response = await send(await signingContracts(wallet.provider!, wallet.account!), ...args);
      progress("pending", response.hash);
      // A transaction the network dropped must not keep the button busy for ever: after the
      // wait, ethers throws TIMEOUT, told as a network problem, and the user can try again.
      const receipt = await waitMined(response, CONFIRMATION_TIMEOUT_MS);
      if (!receipt || receipt.status !== 1) throw new Error(`Transaction ${response.hash} failed`);
      return receipt;
    },
    succeeded: () => {
      toast.success(messages.success);
      useChainStatus.getState().transactionConfirmed();
    },
    describe: (error) => describeError(error, { ...messages, fallback: messages.failure }),
    failed: (_error, message) => toast.error(message.key, message.params),
  });
}
