/**
 * What lists of things that happened share: a transaction this device sent (the wallet menu, the
 * activity page), and the end of an indexer list (docs/decisions/indexer.md): a placeholder while
 * it loads, "Show more" while there is more, a calm line when history is unavailable (the rest of
 * the page goes on), or what an empty list says.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { LocalTime } from "@/components/local-time";
import { Empty, Loading, Note } from "@/components/ui";
import { WindowedList, type RowPlace } from "@/components/windowed-list";
import { useMessage } from "@/i18n/use-message";
import type { Placed } from "@/lib/history/history";
import type { HistoryList } from "@/lib/history/use-history";
import type { SentTransaction } from "@/lib/transactions/sent-transaction";

import { TransactionLink } from "./transaction-link";
import styles from "./history-list.module.css";

export function SentTransactionItem({ transaction }: { transaction: SentTransaction }) {
  const { t } = useTranslation("activity");
  const translate = useMessage();
  const { state } = transaction;
  const why = state === "failed" ? transaction.failure : state === "replaced" || state === "dropped" ? { key: `activity:tx.${state}` as const } : undefined;
  return (
    <li className={styles.item}>
      <span className={`${styles.state} ${styles[state]}`}>{t(`states.${state}`)}</span>
      <span className={styles.summary}>{translate(transaction.summary)}</span>
      {why && <span className={styles.why}>{translate(why)}</span>}
      <span className={styles.meta}>
        <LocalTime date={new Date(transaction.sentAt)} />
        <TransactionLink hash={transaction.hash} />
      </span>
    </li>
  );
}

/** One indexed thing: what happened, when (block time, seconds), and its transaction; then what
 *  followed from it (an order's fills), below its own time and transaction. In a windowed list,
 *  `place` says where it is in the whole. */
export function HistoryItem({ time, txHash, children, details, place }: { time: number; txHash: string; children: ReactNode; details?: ReactNode; place?: RowPlace }) {
  return (
    <li className={styles.item} {...place}>
      <span className={styles.summary}>{children}</span>
      <span className={styles.meta}>
        <LocalTime date={new Date(time * 1000)} />
        <TransactionLink hash={txHash} />
      </span>
      {details}
    </li>
  );
}

/** A row's key in a windowed list: its place in the chain. */
const byPosition = (row: Placed) => row.position;

/** A row's height before it is measured: two lines and the time under them at 360 px. */
const ROW_ESTIMATE = 64;

/**
 * A history list that can grow long (the activity page, the claims, an order's fills): windowed,
 * so its DOM stays bounded however many rows are loaded, and reading the next page (MORE_ROWS
 * rows) when the user scrolls to the end of those loaded. In `box`, it scrolls in a box of its own
 * so that the page around it stays in reach (an order's fills under the order).
 */
export function HistoryRows<T extends Placed>({ list, render, box }: { list: HistoryList<T>; render: (row: T, place: RowPlace) => ReactNode; box?: { label: string } }) {
  return (
    <WindowedList
      items={list.items}
      itemKey={byPosition}
      renderItem={render}
      estimate={ROW_ESTIMATE}
      className={`plain-list ${styles.list} ${styles.windowed}`}
      box={box && { ...box, className: styles.box }}
      onEnd={list.status === "ready" && list.hasMore && !list.loadingMore ? list.loadMore : undefined}
    />
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
