import { useState } from "react";
import { useTranslation } from "react-i18next";

import { ConfirmDialog } from "@/components/dialog";
import { Pager, usePager } from "@/components/pager";
import { Card, Empty, Loading } from "@/components/ui";
import { Stack } from "@/components/stack";
import { addresses } from "@/config/addresses";
import { sameAddress } from "@/lib/format/format";
import { evaluate } from "@/lib/spending/spending-action";
import { toast } from "@/lib/toast/toast-store";
import type { PageProps } from "@/lib/routing/page-props";
import { useWallet } from "@/lib/wallet/wallet";
import { QueuedChanges } from "@/widgets/governance";
import { Page } from "@/widgets/page";
import { TransactionNote } from "@/widgets/transaction-note";

import { useOrderBook } from "./api/use-order-book";
import { useSaleOrders } from "./api/use-sale-orders";
import { useWithdrawOrderAction } from "./api/use-withdraw-order-action";
import { OrderQueue, OrderRow, OrderTable, QUEUE_SHOWN, type Order } from "./orders";
import { MarketFills, MyOrderHistory } from "./sale-history";
import { withdrawal as withdrawalAction } from "./withdrawal";
import styles from "./sale-list-page.module.css";

const PAGE_SIZE = 10;

export default function SaleListPage({ query }: PageProps) {
  const { t } = useTranslation("pages");
  const { account } = useWallet();
  const [mineOnly, setMineOnly] = useState(false);
  const [confirming, setConfirming] = useState<Order | null>(null);
  const withdrawal = useWithdrawOrderAction();
  const [withdrawingIndex, setWithdrawingIndex] = useState<bigint | null>(null);
  const mine = mineOnly && account !== null;

  const { orderCount, ranking, myOrderCount } = useOrderBook(account, QUEUE_SHOWN);
  const total = Number((mine ? myOrderCount : orderCount) ?? 0n);
  const pager = usePager(total, PAGE_SIZE, `${mine}`);
  const { orders } = useSaleOrders({ seller: mine ? account : null, offset: pager.offset, pageSize: PAGE_SIZE, total });

  const withdraw = async (order: Order) => {
    setConfirming(null);
    // One withdrawal at a time: the row that started it keeps its spinner until it ends.
    if (withdrawal.busy) return;
    const { quote, refusal } = evaluate(withdrawalAction, "", { order, account });
    if (refusal) return toast.error(refusal.key);
    setWithdrawingIndex(order.index);
    await withdrawal.run(...quote!.args);
    setWithdrawingIndex(null);
  };

  const isMine = (order: Order) => account !== null && sameAddress(order.seller, account);
  const row = (order: Order) => (
    <OrderRow
      key={String(order.index)}
      order={order}
      mine={isMine(order)}
      onWithdraw={() => setConfirming(order)}
      withdrawal={withdrawingIndex === order.index ? withdrawal : undefined}
      disabled={withdrawal.busy}
    />
  );

  return (
    <Page title="titles.salelist">
      <Stack testId="page-salelist" stype={query.stype} layout="panes">
        {/* The market's terms the owner has queued: the smallest order, fills per buy, its holdings sent elsewhere. */}
        <QueuedChanges scope="market" focus={{ holder: "MvMarket", tokens: [addresses.MV, addresses.USDT] }} className={styles.orders} />
        <Card title={t("market.ranking")} className={styles.orders}>
          <OrderQueue ranking={ranking} orderCount={orderCount} row={row} />
        </Card>
        <Card
          className={styles.orders}
          title={mine ? t("market.myOrders") : t("market.allOrders")}
          action={
            account && (
              <label className={styles.filter}>
                <input type="checkbox" checked={mineOnly} onChange={(event) => setMineOnly(event.target.checked)} />
                {t("market.myOrders")}
              </label>
            )
          }
        >
          {orders === undefined ? (
            <Loading />
          ) : orders.length === 0 ? (
            <Empty>{t(mine ? "market.noOwnOrders" : "market.noOrders")}</Empty>
          ) : (
            <OrderTable>{orders.map(row)}</OrderTable>
          )}
          <Pager pager={pager} />
          <TransactionNote transaction={withdrawal} />
        </Card>
        {account && <MyOrderHistory account={account} />}
        <MarketFills account={account ?? undefined} />
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        message={t("market.confirmRemoval", { index: String(confirming?.index ?? "") })}
        onConfirm={() => confirming !== null && void withdraw(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </Page>
  );
}
