/**
 * The one way the app sends a transaction, on the one action state machine (lib/actions): waiting
 * for the wallet, pending (with the hash and an explorer link), then confirmed or failed with the
 * product's message (docs/product/messages.md). Nothing is sent without a wallet on BNB Smart Chain, or while the node does not
 * answer (told in a pop-up, nothing changes).
 *
 * Every transaction is kept on the device from the moment the wallet returns its hash
 * (lib/transactions): a reload or a second tab still knows it is pending, its page says so, and the
 * same action asks the user before another is sent. Its outcome comes from the watcher, which also
 * tells a replaced or dropped transaction as such; views refresh once one is confirmed.
 *
 * Each write of a feature is a `useXAction()` in its `api/` folder: the call to send, what it does
 * in words, and its messages, built on this.
 */
import { BSC } from "@/config/chain";
import type { ErrorKey, Message, MessageKey } from "@/i18n/message";
import { useAction, type ActionStatus } from "@/lib/actions/use-action";
import { toast } from "@/lib/toast/toast-store";
import type { Receipt } from "@/lib/transactions/check-transaction";
import { askToSendAgain } from "@/lib/transactions/send-again";
import type { SentTransaction } from "@/lib/transactions/sent-transaction";
import { usePendingTransactions } from "@/lib/transactions/use-transactions";
import { useWallet } from "@/lib/wallet/wallet";

import { useChainStatus } from "./chain-status";
import { describeError } from "./describe-error";
import type { ErrorContext } from "./errors";
import type { ContractCall } from "./write";

/** How long the page that sent a transaction waits for its outcome before it lets the user go on
 *  (the transaction stays watched: its outcome is told when it comes, and its page shows it pending). */
export const CONFIRMATION_TIMEOUT_MS = 5 * 60_000;

/** How an action's outcome is told; and what the error decoder needs to know that errors do not
 *  carry (the messages this screen gives some errors, the token spent...: ErrorContext). */
export interface TransactionMessages extends Omit<ErrorContext, "fallback"> {
  /** What a confirmed transaction says, e.g. 'common:messages.purchaseSuccessful'. */
  success: MessageKey;
  /** What a failure says when nothing more specific applies, e.g. 'errors:purchaseFailed'. */
  failure: ErrorKey;
}

/** What a transaction is: the call, and what it does in the user's words (with its amounts). */
export interface TransactionPlan {
  call: ContractCall;
  summary: Message;
  /** The action, more precisely than the options' (`withdraw:3` of `withdraw`): what "the same action" is. */
  action?: string;
}

export interface ContractActionOptions<A extends unknown[]> extends TransactionMessages {
  /** Which action this is: its kind and what it acts on ('synthesize:USDT', 'approve:USDT:Main');
   *  a plan may name it more precisely (`withdraw` -> `withdraw:3`). Its page shows them all. */
  action: string;
  /** The transaction for the arguments `run` is given. */
  plan: (...args: A) => TransactionPlan;
}

/** A transaction action as pages see it: its state, `run`, and the same action's transactions still
 *  pending from before (a reload, another tab, a wait that ended), which its page shows. */
export interface ContractAction<A extends unknown[]> extends ActionStatus {
  run: (...args: A) => Promise<Receipt | undefined>;
  pending: SentTransaction[];
}

export function useContractAction<A extends unknown[]>(options: ContractActionOptions<A>): ContractAction<A> {
  const wallet = useWallet();
  const pendingBefore = usePendingTransactions(wallet.account, options.action);
  const { action, plan, success, failure, ...context } = options;
  const state = useAction({
    blocked: () =>
      !wallet.account || !wallet.provider
        ? { key: "common:wallet.connectFirst" }
        : wallet.isWrongChain
          ? { key: "common:wallet.wrongNetwork" }
          : !useChainStatus.getState().networkOk
            ? { key: "common:status.networkDown" }
            : undefined,
    refused: (reason) => toast.error(reason.key),
    // The same action still pending (sent before a reload, or in another tab), or transactions of
    // the account this device does not know waiting in the node: sending another may pay twice, so
    // the user says so first. Asked of the memory itself (loaded with send.ts), not of what this
    // render saw: the page may have been drawn before the memory loaded.
    confirmFirst: async (...args: A) => {
      const account = wallet.account!;
      const { pendingOf, untrackedPending } = await import("@/lib/transactions/send");
      const [same] = pendingOf(account, plan(...args).action ?? action);
      if (same) return askToSendAgain(account, { pending: same });
      const untracked = await untrackedPending(account);
      return untracked > 0 ? askToSendAgain(account, { untracked }) : true;
    },
    firstPhase: "wallet",
    perform: async (progress, ...args: A) => {
      const { call, summary, action: precisely } = plan(...args);
      const { sendAndFollow } = await import("@/lib/transactions/send");
      return sendAndFollow({
        provider: wallet.provider!,
        account: wallet.account!,
        chainId: BSC.chainId,
        action: precisely ?? action,
        call,
        summary,
        messages: { success, failure, token: context.token },
        sent: (hash) => progress("pending", hash),
        timeoutMs: CONFIRMATION_TIMEOUT_MS,
      });
    },
    // Still pending when the page stopped waiting: back to idle, the page shows it pending, and its
    // outcome is told when it comes.
    stillWanted: (receipt) => {
      if (receipt) return true;
      toast.info("activity:tx.stillPending");
      return false;
    },
    succeeded: () => toast.success(success),
    describe: (error) => describeError(error, { ...context, fallback: failure }),
    failed: (_error, message) => toast.error(message.key, message.params),
  });
  const shownByState = state.busy ? state.hash : undefined;
  return {
    ...state,
    pending: pendingBefore.filter((transaction) => transaction.hash !== shownByState),
  };
}
