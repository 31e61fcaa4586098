/**
 * The one way the app calls the account API on the user's behalf: waiting for the wallet's
 * signature, then sending, then done or failed with the API's message. A second submit while one
 * runs is ignored; nothing is asked of the user without a connected wallet.
 */
import { useCallback, useRef, useState } from "react";

import type { TransactionPhase } from "@/lib/contracts/use-transaction";
import { log } from "@/lib/log";
import { toast, type Message } from "@/lib/toast/toast-store";
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

export interface AccountActionState {
  phase: TransactionPhase;
  error?: Message;
  busy: boolean;
}

export function useAccountAction() {
  const { account, provider } = useWallet();
  const [state, setState] = useState<{ phase: TransactionPhase; error?: Message }>({ phase: "idle" });
  const inFlight = useRef(false);

  const run = useCallback(
    async <T>(action: (signer: Signer) => Promise<T>, success?: string): Promise<T | undefined> => {
      if (inFlight.current) return undefined;
      if (!account || !provider) {
        setState({ phase: "failed", error: { key: "common:wallet.connectFirst" } });
        return undefined;
      }
      inFlight.current = true;
      setState({ phase: "pending" });
      try {
        const result = await action({ provider, wallet: account, progress: (phase) => setState({ phase }) });
        // The store follows the connected wallet even after this screen is gone: an answer that
        // arrives after a switch belongs to the old wallet and is dropped.
        if (useAppStore.getState().user.account !== account.toLowerCase()) {
          setState({ phase: "idle" });
          return undefined;
        }
        setState({ phase: "confirmed" });
        if (success) toast.success(success);
        return result;
      } catch (error) {
        const message = await accountErrorMessage(error);
        log.warn("account action failed", error);
        afterRefusal(error);
        // Said once, under the button (FailureNote), where the user is looking.
        setState({ phase: "failed", error: message });
        return undefined;
      } finally {
        inFlight.current = false;
      }
    },
    [account, provider],
  );

  const busy = state.phase === "wallet" || state.phase === "pending";
  return { ...state, busy, run };
}
