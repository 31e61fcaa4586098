import { useTranslation } from "react-i18next";

import { useMessage } from "@/i18n/use-message";
import type { SentTransaction } from "@/lib/transactions/sent-transaction";

import { TransactionLink } from "./transaction-link";
import { formatTime } from "@/lib/format/format";
import styles from "./transaction-note.module.css";

/**
 * Transactions of an action that are still pending from before (sent before a reload, in another
 * tab, or after the page stopped waiting): what each does, since when, and its hash. Shown under
 * the action, so that nobody sends the same thing twice without knowing.
 */
export function PendingTransactions({ transactions }: { transactions: readonly SentTransaction[] }) {
  const { t, i18n } = useTranslation("activity");
  const translate = useMessage();
  if (!transactions.length) return null;
  return (
    <ul className={`plain-list ${styles.pending}`}>
      {transactions.map((transaction) => (
        <li key={transaction.hash} className={styles.transaction}>
          <span>
            <strong>{t("tx.pendingSince", { time: formatTime(new Date(transaction.sentAt), i18n.language, "short") })}</strong>
            {" · "}
            {translate(transaction.summary)}
          </span>
          <TransactionLink hash={transaction.hash} />
        </li>
      ))}
    </ul>
  );
}
