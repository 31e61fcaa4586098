import { useEffect, useState, type ComponentType } from "react";

import { loadMessages } from "@/i18n";
import { log } from "@/lib/log";
import { toast } from "@/lib/toast/toast-store";
import { useSendAgainQuestion, withdrawQuestionsOfOthers } from "@/lib/transactions/send-again";
import { useWallet } from "@/lib/wallet/wallet";

/**
 * Where the question "send another?" appears (lib/transactions/send-again.ts), mounted once in the
 * layout; withdrawn when the wallet changes account. The dialog loads the first time it is needed; if it cannot load (the network is gone),
 * the answer is no: nothing is sent, and the user is told.
 */
export function SendAgainHost() {
  const question = useSendAgainQuestion((state) => state.question);
  const [Dialog, setDialog] = useState<ComponentType | null>(null);
  // Another account now: its question was not this one's (and what it would send, another's).
  const { account } = useWallet();
  useEffect(() => withdrawQuestionsOfOthers(account), [account]);
  useEffect(() => {
    if (!question || Dialog) return;
    Promise.all([import("./send-again-dialog"), loadMessages(["activity"])]).then(
      ([module]) => setDialog(() => module.SendAgainDialog),
      (error: unknown) => {
        log.warn("could not load the question before sending again", error);
        toast.error("common:status.networkDown");
        question.answer(false);
      },
    );
  }, [question, Dialog]);
  return Dialog ? <Dialog /> : null;
}
