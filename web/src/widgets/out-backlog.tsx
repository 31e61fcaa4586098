import { useTranslation } from "react-i18next";

import { useOutRecordsPerCall } from "@/lib/product-api/use-out-records-per-call";
import { useProcessOutRecordsAction } from "@/lib/product-api/use-process-out-records-action";

import { TransactionNote } from "./transaction-note";
import { ActionButton } from "@/components/action-button";
import { Note } from "@/components/ui";

/**
 * More of the member's merge records finished at once than one transaction takes out: their
 * revenue stops at the last one taken out and a new synthesis is refused until the rest are
 * processed. Shown where that matters (earnings, synthesis, records) with the button that does it,
 * as many records per transaction as the contract takes (read from it). `waiting`, where the page
 * knows it, is how many finished records the revenue figures do not count yet.
 */
export function OutBacklog({ account, waiting }: { account: string; waiting?: bigint }) {
  const { t } = useTranslation(["pages", "common", "errors"]);
  const process = useProcessOutRecordsAction();
  const { perCall } = useOutRecordsPerCall();
  return (
    <div>
      {waiting === undefined ? (
        <Note>{t("profile.backlog")}</Note>
      ) : (
        <Note>{t("profile.backlogCount", { records: waiting.toString() })}</Note>
      )}
      <ActionButton
        variant="secondary"
        transaction={process}
        onClick={() => perCall !== undefined && void process.run(account, perCall)}
        disabled={perCall === undefined}
      >
        {t("profile.process")}
      </ActionButton>
      <TransactionNote transaction={process} />
    </div>
  );
}
