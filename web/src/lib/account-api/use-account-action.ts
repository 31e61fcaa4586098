/**
 * The one way the app calls the account API on the user's behalf, on the one action state machine
 * (lib/actions): waiting for the wallet's signature, then sending, then done or failed with the
 * API's message, said under the button that started it (FailureNote). Nothing is asked of the user
 * without a connected wallet.
 *
 * Each account write of a feature is a `useXAction()` in its `api/` folder, built on this.
 */
import type { MessageKey } from "@/i18n/message";
import { useAction } from "@/lib/actions/use-action";
import { toast } from "@/lib/toast/toast-store";
import { useWallet } from "@/lib/wallet/wallet";
import { useAppStore } from "@/store";

import type { Signer } from "./account-api";
import { accountErrorMessage, endSessionIfRefused } from "./account-errors";
import { AccountApiError } from "./client";
import { forgetPasswordKey } from "./password";

/** What to do about a refusal beyond showing it. */
function afterRefusal(error: unknown): void {
  if (!(error instanceof AccountApiError)) return;
  // The server's key pair is not the one this page encrypted with: fetch it again next time.
  if (error.reason.key === "errors:passwordUnreadable") forgetPasswordKey();
  endSessionIfRefused(error);
}

/** The call, given the wallet that proves it and its arguments. */
export type AccountCall<A extends unknown[], R> = (signer: Signer, ...args: A) => Promise<R>;

export function useAccountAction<A extends unknown[], R>(call: AccountCall<A, R>, success?: MessageKey) {
  const { account, provider } = useWallet();
  return useAction({
    blocked: () => (!account || !provider ? { key: "common:wallet.connectFirst" } : undefined),
    firstPhase: "pending",
    perform: (progress, ...args: A) => call({ provider: provider!, wallet: account!, progress }, ...args),
    // The store follows the connected wallet even after this screen is gone: an answer that
    // arrives after a switch belongs to the old wallet and is dropped.
    stillWanted: () => useAppStore.getState().user.account === account?.toLowerCase(),
    succeeded: () => {
      if (success) toast.success(success);
    },
    describe: accountErrorMessage,
    failed: afterRefusal,
  });
}
