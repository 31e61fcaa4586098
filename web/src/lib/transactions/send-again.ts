/**
 * The question asked before an action is sent while something that may be the same is still
 * waiting to be mined: "send another anyway?". Either this device's own pending transaction of the
 * same action (a reload or a second tab hides that it was sent), or transactions of the account
 * that the node holds and this device does not know (sent while the page reloaded with the wallet
 * still asking, from another device, or from the wallet itself). One question at a time, for the
 * account that asked: it is withdrawn (nothing sent) when the wallet changes account. The dialog
 * is mounted once in the app's layout (components/send-again-host.tsx).
 */
import { create } from "zustand";

import type { SentTransaction } from "./sent-transaction";

export type SendAgainReason =
  /** The newest pending transaction of the same action, sent from this device. */
  | { pending: SentTransaction }
  /** How many of the account's transactions wait in the node without this device knowing them. */
  | { untracked: number };

export interface SendAgainQuestion {
  /** The account about to send (lower case). */
  account: string;
  reason: SendAgainReason;
  answer: (sendAnother: boolean) => void;
}

export const useSendAgainQuestion = create<{ question: SendAgainQuestion | undefined }>()(() => ({ question: undefined }));

/** Resolves true when the user chooses to send another; false when they wait (or another question
 *  is open already: a second click sends nothing; or the account changed meanwhile). */
export function askToSendAgain(account: string, reason: SendAgainReason): Promise<boolean> {
  if (useSendAgainQuestion.getState().question) return Promise.resolve(false);
  return new Promise((resolve) => {
    useSendAgainQuestion.setState({
      question: {
        account: account.toLowerCase(),
        reason,
        answer: (sendAnother) => {
          useSendAgainQuestion.setState({ question: undefined });
          resolve(sendAnother);
        },
      },
    });
  });
}

/** The wallet now uses `account`: a question asked for another is answered "wait". */
export function withdrawQuestionsOfOthers(account: string | null): void {
  const { question } = useSendAgainQuestion.getState();
  if (question && question.account !== account?.toLowerCase()) question.answer(false);
}
