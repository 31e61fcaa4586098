/**
 * The sale list's history, from the indexer: the account's orders with their fills (who bought, how
 * much, for how much, when), and the market's latest fills. Without the indexer each says in one
 * line that history is unavailable; the order book above is read from the chain as ever.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { Card } from "@/components/ui";
import { formatAmount } from "@/lib/format/format";
import type { RowPlace } from "@/components/windowed-list";
import { MORE_ROWS, readFill, readOrder, type FillRow, type OrderRow } from "@/lib/history/history";
import { useHistory } from "@/lib/history/use-history";
import { withAddressLinks } from "@/widgets/address-text";
import { HistoryFooter, HistoryItem, HistoryRows, historyListStyles } from "@/widgets/history-list";

function Fill({ fill, withSeller, place }: { fill: FillRow; withSeller: boolean; place?: RowPlace }) {
  const { t } = useTranslation("activity");
  const values = { index: String(fill.orderIndex), mv: formatAmount(fill.mvAmount, 4), usdt: formatAmount(fill.usdtAmount, 4) };
  return (
    <HistoryItem time={fill.time} txHash={fill.txHash} place={place}>
      {withAddressLinks((marks) => t(withSeller ? "history.marketFill" : "history.orderFill", { ...values, ...marks }), { buyer: fill.buyer, seller: fill.seller })}
    </HistoryItem>
  );
}

/** What changes the account's orders (listing one, taking one out), and what adds to the market's fills. */
const ORDER_ACTIONS = ["list", "withdraw"];
const BUYS = ["buy"];

/** Every fill of one order, once asked for: an order can have any number (anyone can buy it in
 *  tiny fills), so they come a hundred a request as the user scrolls, in a windowed box of their
 *  own under the order, the rest of the page a scroll away. */
function AllFills({ order }: { order: OrderRow }) {
  const { t } = useTranslation("activity");
  const fills = useHistory(`/orders/${order.index}/fills?limit=${MORE_ROWS}`, readFill);
  return (
    <>
      <HistoryRows
        list={fills}
        box={{ label: t("history.fillsOf", { index: String(order.index) }) }}
        render={(fill, place) => <Fill fill={fill} withSeller={false} place={place} />}
      />
      <HistoryFooter list={fills} empty={t("history.noFills")} />
    </>
  );
}

/** An order (its listing's time and transaction), then newest first what followed: its withdrawal,
 *  and its newest fills with a way to see them all. */
function OrderItem({ order }: { order: OrderRow }) {
  const { t } = useTranslation("activity");
  const [allFills, setAllFills] = useState(false);
  const followed = order.withdrawn !== null || order.fills.length > 0;
  const withdrawal = order.withdrawn !== null && order.withdrawnTime !== null && order.withdrawTxHash !== null && (
    <HistoryItem time={order.withdrawnTime} txHash={order.withdrawTxHash}>
      {t("history.orderWithdrawn", { amount: formatAmount(order.withdrawn, 4) })}
    </HistoryItem>
  );
  const details = followed && (
    <div className={historyListStyles.details}>
      {(withdrawal || !allFills) && (
        <ol className={`plain-list ${historyListStyles.list}`}>
          {withdrawal}
          {!allFills && order.fills.map((fill) => <Fill key={fill.position} fill={fill} withSeller={false} />)}
          {!allFills && order.fillCount > order.fills.length && (
            <li className={historyListStyles.footer}>
              <button type="button" className="button" onClick={() => setAllFills(true)}>
                {t("history.allFills", { count: order.fillCount })}
              </button>
            </li>
          )}
        </ol>
      )}
      {allFills && <AllFills order={order} />}
    </div>
  );
  return (
    <HistoryItem time={order.time} txHash={order.txHash} details={details}>
      {t("history.order", { index: String(order.index), amount: formatAmount(order.amount, 4), sold: formatAmount(order.sold, 4), received: formatAmount(order.received, 4) })}
    </HistoryItem>
  );
}

export function MyOrderHistory({ account }: { account: string }) {
  const { t } = useTranslation("activity");
  const orders = useHistory(`/accounts/${account}/orders`, readOrder, { account, kinds: ORDER_ACTIONS });
  return (
    <Card title={t("history.myOrders")}>
      <ol className={`plain-list ${historyListStyles.list}`}>
        {orders.items.map((order) => (
          <OrderItem key={order.position} order={order} />
        ))}
      </ol>
      <HistoryFooter list={orders} empty={t("history.noOrders")} />
    </Card>
  );
}

export function MarketFills({ account }: { account: string | undefined }) {
  const { t } = useTranslation("activity");
  const fills = useHistory("/market/fills", readFill, account ? { account, kinds: BUYS } : undefined);
  return (
    <Card title={t("history.marketFills")}>
      <HistoryRows list={fills} render={(fill, place) => <Fill fill={fill} withSeller place={place} />} />
      <HistoryFooter list={fills} empty={t("history.noFills")} />
    </Card>
  );
}
