import { useTranslation } from "react-i18next";

import { useMessage } from "@/i18n/use-message";
import { useSendAgainQuestion } from "@/lib/transactions/send-again";

import { ConfirmDialog } from "./dialog";
import { formatTime } from "./format";
import { TransactionLink } from "./transaction-link";

/** Asks before an action is sent while the same one is still pending (lib/transactions/send-again.ts). Mounted once, in the layout. */
export function SendAgainDialog() {
  const { t, i18n } = useTranslation("activity");
  const translate = useMessage();
  const question = useSendAgainQuestion((state) => state.question);
  const pending = question?.pending;
  return (
    <ConfirmDialog
      open={Boolean(question)}
      testId="send-again"
      message={
        pending && (
          <>
            {t("tx.sendAgain", { what: translate(pending.summary), time: formatTime(new Date(pending.sentAt), i18n.language, "short") })}
            <br />
            <TransactionLink hash={pending.hash} />
          </>
        )
      }
      confirmLabel={t("tx.sendAnother")}
      cancelLabel={t("tx.wait")}
      onConfirm={() => question?.answer(true)}
      onCancel={() => question?.answer(false)}
    />
  );
}
