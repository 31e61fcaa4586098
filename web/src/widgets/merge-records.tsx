import { useTranslation } from "react-i18next";

import type { IMainTypes } from "@typechain/Main";

import { tokenSymbolOf } from "@/lib/contracts/contracts";

import { LocalTime } from "@/components/local-time";
import { Figure } from "@/components/tokens";
import { formatAmount } from "@/lib/format/format";
import styles from "./merge-records.module.css";

export type MergeRecord = IMainTypes.MergeRecordStructOutput;

/** Merge records, newest first, with the 'out' marker on those that have earned their cap. */
export function MergeRecordList({ records }: { records: readonly MergeRecord[] }) {
  const { t } = useTranslation("pages");
  if (records.length === 0) return <p className={styles.empty}>{t("mining.noRecords")}</p>;
  return (
    <ul className={`plain-list ${styles.list}`}>
      {records.map((record) => (
        <li key={String(record.index)} className={styles.row}>
          <span className={styles.index}>#{String(record.index)}</span>
          <span className={styles.main}>
            <strong>
              <Figure value={record.hashrate} unit="hashrate" />
            </strong>
            <span className={styles.dim}>
              {formatAmount(record.cost, 4)} {tokenSymbolOf(record.token) ?? ""}
            </span>
          </span>
          <span className={styles.side}>
            <span className={record.out ? styles.out : styles.active}>
              {record.out ? t("mining.out") : t("records.active")}
            </span>
            <LocalTime className={styles.dim} date={new Date(Number(record.time) * 1000)} />
          </span>
        </li>
      ))}
    </ul>
  );
}
