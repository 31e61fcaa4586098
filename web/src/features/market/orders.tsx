/**
 * Sale orders as the sale list and the market show them: on a phone (and in a narrow pane) a card
 * per order; where the list has the room (a tablet's or a desktop's content), a table with a
 * column per figure under one row of headings (docs/product/screens.md §4). One list of terms and
 * definitions either way, so each figure is named by its label.
 */
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import type { IMvMarketTypes } from "@typechain/MvMarket";

import { ActionButton } from "@/components/action-button";
import { TokenAmount } from "@/components/tokens";
import { Empty, Loading } from "@/components/ui";
import type { ActionStatus } from "@/lib/actions/use-action";
import { AddressLink } from "@/widgets/address-link";

import { ORDER_STATUS } from "./withdrawal";
import styles from "./orders.module.css";

export type Order = IMvMarketTypes.OrderStructOutput;

/** One figure of an order: a term and its definition, the figure labelled by its term as a Stat's is. */
function OrderFigure({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <>
      <dt id={id}>{label}</dt>
      <dd aria-labelledby={id}>{children}</dd>
    </>
  );
}

interface OrderRowProps {
  order: Order;
  mine: boolean;
  /** Taking the order out, offered on the user's own active orders where the list allows it. */
  onWithdraw?: () => void;
  /** The withdrawal, when it is this order's. */
  withdrawal?: ActionStatus | undefined;
  /** Another order's withdrawal is under way. */
  disabled?: boolean;
}

export function OrderRow({ order, mine, onWithdraw, withdrawal, disabled = false }: OrderRowProps) {
  const { t } = useTranslation("pages");
  const status =
    order.status === ORDER_STATUS.Withdrawn ? t("market.statusWithdrawn") : order.status === ORDER_STATUS.SoldOut ? t("market.statusSoldOut") : t("market.active");
  return (
    <li className={styles.order}>
      <div className={styles.head}>
        <span className={styles.index}>
          {t("market.index")} #{String(order.index)}
        </span>
        <span className={order.status === ORDER_STATUS.Active ? styles.active : styles.closed}>{status}</span>
      </div>
      <dl className={styles.figures}>
        <OrderFigure label={t("market.remaining")}>
          <TokenAmount value={order.remaining} symbol="MV" />
        </OrderFigure>
        <OrderFigure label={t("market.deposit")}>
          <TokenAmount value={order.deposit} symbol="MV" />
        </OrderFigure>
        <OrderFigure label={t("market.soldOut")}>
          <TokenAmount value={order.sold} symbol="MV" />
        </OrderFigure>
        <OrderFigure label={t("market.total")}>
          <TokenAmount value={order.total} symbol="USDT" />
        </OrderFigure>
      </dl>
      <div className={styles.foot}>
        {mine ? <span className="mono">{t("market.you")}</span> : <AddressLink address={order.seller} />}
        {mine && onWithdraw && order.status === ORDER_STATUS.Active && (
          <ActionButton variant="secondary" onClick={onWithdraw} transaction={withdrawal} disabled={disabled}>
            {t("market.withdraw")}
          </ActionButton>
        )}
      </div>
    </li>
  );
}

/**
 * Orders (OrderRow each), in queue order when `ordered`. The row of headings is seen only where
 * the orders are a table; a screen reader hears each figure with its own label instead.
 */
export function OrderTable({ ordered = false, children }: { ordered?: boolean; children: ReactNode }) {
  const { t } = useTranslation("pages");
  const List = ordered ? "ol" : "ul";
  return (
    <div className={styles.table}>
      <div className={`${styles.order} ${styles.headings}`} aria-hidden="true">
        <span />
        <span />
        <span>{t("market.remaining")}</span>
        <span>{t("market.deposit")}</span>
        <span>{t("market.soldOut")}</span>
        <span>{t("market.total")}</span>
        <span>{t("market.seller")}</span>
      </div>
      <List className={styles.list}>{children}</List>
    </div>
  );
}

/** How many of the queue's next orders the sale list's ranking and the market show. */
export const QUEUE_SHOWN = 10n;

/** The queue's next orders, or why there are none: none was ever listed, or every one has sold out
 *  or been withdrawn (`orderCount`, every order ever listed). */
export function OrderQueue({ ranking, orderCount, row }: { ranking: Order[] | undefined; orderCount: bigint | undefined; row: (order: Order) => ReactNode }) {
  const { t } = useTranslation("pages");
  if (ranking === undefined || orderCount === undefined) return <Loading />;
  if (ranking.length === 0) return <Empty>{t(orderCount === 0n ? "market.noOrders" : "market.nothingQueued")}</Empty>;
  return <OrderTable ordered>{ranking.map(row)}</OrderTable>;
}
