import { useTranslation } from "react-i18next";

import type { ActionState } from "@/lib/actions/use-action";
import type { SentTransaction } from "@/lib/transactions/sent-transaction";

import { PendingTransactions } from "./pending-transactions";
import { TransactionLink } from "./transaction-link";
import styles from "./transaction-note.module.css";

/**
 * The hash of the transaction in flight or just done, linked to the explorer when there is one;
 * and the same action's transactions still pending from before (a reload, another tab).
 */
export function TransactionNote({ transaction }: { transaction: ActionState & { pending?: readonly SentTransaction[] } }) {
  const { t } = useTranslation("common");
  const current = transaction.hash && transaction.phase !== "idle" ? transaction.hash : undefined;
  return (
    <>
      {current && (
        <p className={styles.transaction}>
          <span>{transaction.phase === "pending" ? t("tx.pending") : transaction.phase === "confirmed" ? t("tx.confirmed") : t("tx.failed")}</span>
          <TransactionLink hash={current} />
        </p>
      )}
      <PendingTransactions transactions={transaction.pending ?? []} />
    </>
  );
}
