import { useTranslation } from "react-i18next";

import { Note } from "@/components/ui";
import { formatAmount } from "@/lib/format/format";
import { withAddressLinks } from "@/widgets/address-text";

import { isOwn, splitFills, type Fill } from "./fills";
import styles from "./bought-fills.module.css";

/**
 * What a confirmed buy bought, and from whom: the total and what really went to other sellers,
 * then one line per order it filled, the buyer's own orders named as such (their USDT came back).
 */
export function BoughtFills({ fills, account }: { fills: readonly Fill[]; account: string }) {
  const { t } = useTranslation("trade");
  const { own, others } = splitFills(fills, account);
  return (
    <div className={styles.bought}>
      <Note tone="success">
        {t("bought", { mv: formatAmount(own.mv + others.mv, 6), usdt: formatAmount(others.usdt, 6) })}
      </Note>
      <ul className={`plain-list ${styles.fills}`}>
        {fills.map((fill) => {
          const amounts = { index: String(fill.index), mv: formatAmount(fill.mvAmount, 6), usdt: formatAmount(fill.usdtAmount, 6) };
          return (
            <li key={String(fill.index)} className={isOwn(fill, account) ? styles.own : undefined} title={fill.seller}>
              {isOwn(fill, account) ? t("boughtFromOwn", amounts) : withAddressLinks((marks) => t("boughtFrom", { ...amounts, ...marks }), { seller: fill.seller })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
