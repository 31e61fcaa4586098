/**
 * The sale list's history, from the indexer: the account's orders with their fills (who bought, how
 * much, for how much, when), and the market's latest fills. Without the indexer each says in one
 * line that history is unavailable; the order book above is read from the chain as ever.
 */
import { useTranslation } from "react-i18next";

import { Card } from "@/components/ui";
import { formatAmount } from "@/lib/format/format";
import { readFill, readOrder, type FillRow } from "@/lib/history/history";
import { useHistory } from "@/lib/history/use-history";
import { withAddressLinks } from "@/widgets/address-text";
import { HistoryFooter, HistoryItem, historyListStyles } from "@/widgets/history-list";

function Fill({ fill, withSeller }: { fill: FillRow; withSeller: boolean }) {
  const { t } = useTranslation("activity");
  const values = { index: String(fill.orderIndex), mv: formatAmount(fill.mvAmount, 4), usdt: formatAmount(fill.usdtAmount, 4) };
  return (
    <HistoryItem time={fill.time} txHash={fill.txHash}>
      {withAddressLinks((marks) => t(withSeller ? "history.marketFill" : "history.orderFill", { ...values, ...marks }), { buyer: fill.buyer, seller: fill.seller })}
    </HistoryItem>
  );
}

export function MyOrderHistory({ account }: { account: string }) {
  const { t } = useTranslation("activity");
  const orders = useHistory(`/accounts/${account}/orders`, readOrder);
  return (
    <Card title={t("history.myOrders")}>
      <ol className={`plain-list ${historyListStyles.list}`}>
        {orders.items.map((order) => (
          <HistoryItem key={order.position} time={order.time} txHash={order.txHash}>
            {t("history.order", { index: String(order.index), amount: formatAmount(order.amount, 4), sold: formatAmount(order.sold, 4), received: formatAmount(order.received, 4) })}
            {order.withdrawn !== null && (
              <>
                <br />
                {t("history.orderWithdrawn", { amount: formatAmount(order.withdrawn, 4) })}
              </>
            )}
            {order.fills.length > 0 && (
              <ol className={`plain-list ${historyListStyles.list}`}>
                {order.fills.map((fill) => (
                  <Fill key={fill.position} fill={fill} withSeller={false} />
                ))}
              </ol>
            )}
          </HistoryItem>
        ))}
      </ol>
      <HistoryFooter list={orders} empty={t("history.noOrders")} />
    </Card>
  );
}

export function MarketFills() {
  const { t } = useTranslation("activity");
  const fills = useHistory("/market/fills", readFill);
  return (
    <Card title={t("history.marketFills")}>
      <ol className={`plain-list ${historyListStyles.list}`}>
        {fills.items.map((fill) => (
          <Fill key={fill.position} fill={fill} withSeller />
        ))}
      </ol>
      <HistoryFooter list={fills} empty={t("history.noFills")} />
    </Card>
  );
}
