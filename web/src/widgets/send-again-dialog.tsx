import { useTranslation } from "react-i18next";

import { useMessage } from "@/i18n/use-message";
import { useSendAgainQuestion, type SendAgainReason } from "@/lib/transactions/send-again";
import { kindOf } from "@/lib/transactions/sent-transaction";

import { TransactionLink } from "./transaction-link";
import { ConfirmDialog } from "@/components/dialog";
import { formatTime } from "@/lib/format/format";

function Why({ reason }: { reason: SendAgainReason }) {
  const { t, i18n } = useTranslation("activity");
  const translate = useMessage();
  if ("untracked" in reason) return <>{t("tx.untracked", { count: reason.untracked })}</>;
  const { pending } = reason;
  const values = { what: translate(pending.summary), time: formatTime(new Date(pending.sentAt), i18n.language, "short") };
  return (
    <>
      {/* Another authorisation pays nothing twice: it costs gas, and is likely not needed. */}
      {kindOf(pending.action) === "approve" ? t("tx.sendAgainApproval", values) : t("tx.sendAgain", values)}
      <br />
      <TransactionLink hash={pending.hash} />
    </>
  );
}

/** Asks before an action is sent while something that may be the same is still pending (lib/transactions/send-again.ts). */
export function SendAgainDialog() {
  const { t } = useTranslation("activity");
  const question = useSendAgainQuestion((state) => state.question);
  return (
    <ConfirmDialog
      open={Boolean(question)}
      message={question && <Why reason={question.reason} />}
      confirmLabel={t("tx.sendAnother")}
      cancelLabel={t("tx.wait")}
      onConfirm={() => question?.answer(true)}
      onCancel={() => question?.answer(false)}
    />
  );
}
