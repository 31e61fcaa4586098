/**
 * What lists of things that happened share: a transaction this device sent (the wallet menu, the
 * activity page), and the end of an indexer list (docs/decisions/indexer.md): a placeholder while
 * it loads, "Show more" while there is more, a calm line when history is unavailable (the rest of
 * the page goes on), or what an empty list says.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { Empty, Loading, Note } from "@/components/ui";
import { useMessage } from "@/i18n/use-message";
import { formatTime } from "@/lib/format/format";
import type { HistoryList } from "@/lib/history/use-history";
import type { SentTransaction } from "@/lib/transactions/sent-transaction";

import { TransactionLink } from "./transaction-link";
import styles from "./history-list.module.css";

export function SentTransactionItem({ transaction }: { transaction: SentTransaction }) {
  const { t, i18n } = useTranslation("activity");
  const translate = useMessage();
  const { state } = transaction;
  const why = state === "failed" ? transaction.failure : state === "replaced" || state === "dropped" ? { key: `activity:tx.${state}` as const } : undefined;
  return (
    <li className={styles.item}>
      <span className={`${styles.state} ${styles[state]}`}>{t(`states.${state}`)}</span>
      <span className={styles.summary}>{translate(transaction.summary)}</span>
      {why && <span className={styles.why}>{translate(why)}</span>}
      <span className={styles.meta}>
        <time dateTime={new Date(transaction.sentAt).toISOString()}>{formatTime(new Date(transaction.sentAt), i18n.language, "short")}</time>
        <TransactionLink hash={transaction.hash} />
      </span>
    </li>
  );
}

/** One indexed thing: what happened, when (block time, seconds), and its transaction; then what
 *  followed from it (an order's fills), below its own time and transaction. */
export function HistoryItem({ time, txHash, children, details }: { time: number; txHash: string; children: ReactNode; details?: ReactNode }) {
  const { i18n } = useTranslation();
  const date = new Date(time * 1000);
  return (
    <li className={styles.item}>
      <span className={styles.summary}>{children}</span>
      <span className={styles.meta}>
        <time dateTime={date.toISOString()}>{formatTime(date, i18n.language, "short")}</time>
        <TransactionLink hash={txHash} />
      </span>
      {details}
    </li>
  );
}

export function HistoryFooter({ list, empty }: { list: HistoryList<unknown>; empty: string }) {
  const { t } = useTranslation("activity");
  if (list.status === "loading") return <Loading />;
  if (list.status === "unavailable") return <Note>{t("history.unavailable")}</Note>;
  if (list.items.length === 0) return <Empty>{empty}</Empty>;
  if (!list.hasMore) return null;
  return (
    <div className={styles.footer}>
      <button type="button" className="button" onClick={list.loadMore} disabled={list.loadingMore}>
        {t("history.more")}
      </button>
    </div>
  );
}

export { styles as historyListStyles };
