/**
 * The question asked before an action is sent while the same action is still pending (a reload
 * or a second tab hides that it was sent): "send another anyway?". One question at a time; the
 * dialog that asks it is mounted once in the app's layout (components/send-again-dialog.tsx).
 */
import { create } from "zustand";

import type { SentTransaction } from "./sent-transaction";

export interface SendAgainQuestion {
  /** The newest pending transaction of the same action. */
  pending: SentTransaction;
  answer: (sendAnother: boolean) => void;
}

export const useSendAgainQuestion = create<{ question: SendAgainQuestion | undefined }>()(() => ({ question: undefined }));

/** Resolves true when the user chooses to send another; false when they keep the pending one (or
 *  another question is open already: a second click sends nothing). */
export function askToSendAgain(pending: SentTransaction): Promise<boolean> {
  if (useSendAgainQuestion.getState().question) return Promise.resolve(false);
  return new Promise((resolve) => {
    useSendAgainQuestion.setState({
      question: {
        pending,
        answer: (sendAnother) => {
          useSendAgainQuestion.setState({ question: undefined });
          resolve(sendAnother);
        },
      },
    });
  });
}
