import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import type { IMvMarketTypes } from "@typechain/MvMarket";

import { ActionButton } from "@/components/action-button";
import { ConfirmDialog } from "@/components/dialog";
import { Pager, usePager } from "@/components/pager";
import { TokenAmount } from "@/components/tokens";
import { Card, Empty, Loading, Stack } from "@/components/ui";
import type { ActionStatus } from "@/lib/actions/use-action";
import { sameAddress, shortAddress } from "@/lib/format/format";
import { evaluate } from "@/lib/spending/spending-action";
import { toast } from "@/lib/toast/toast-store";
import type { PageProps } from "@/lib/routing/page-props";
import { useWallet } from "@/lib/wallet/wallet";
import { Page } from "@/widgets/page";
import { TransactionNote } from "@/widgets/transaction-note";

import { useOrderBook } from "./api/use-order-book";
import { useSaleOrders } from "./api/use-sale-orders";
import { useWithdrawOrderAction } from "./api/use-withdraw-order-action";
import { MarketFills, MyOrderHistory } from "./sale-history";
import { ORDER_STATUS, withdrawal as withdrawalAction } from "./withdrawal";
import styles from "./sale-list-page.module.css";

type Order = IMvMarketTypes.OrderStructOutput;

const PAGE_SIZE = 10;
const RANKING_SIZE = 10n;

interface OrderRowProps {
  order: Order;
  mine: boolean;
  onWithdraw: () => void;
  /** The withdrawal, when it is this order's. */
  withdrawal: ActionStatus | undefined;
  /** Another order's withdrawal is under way. */
  disabled: boolean;
}

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

function OrderRow({ order, mine, onWithdraw, withdrawal, disabled }: OrderRowProps) {
  const { t } = useTranslation("pages");
  const status =
    order.status === ORDER_STATUS.Withdrawn ? t("market.statusWithdrawn") : order.status === ORDER_STATUS.SoldOut ? t("market.statusSoldOut") : t("market.active");
  return (
    <li className={styles.order}>
      <div className={styles.head}>
        <span className={styles.index}>
          {t("market.index")} #{String(order.index)}
        </span>
        <span className={order.status === ORDER_STATUS.Active ? styles.active : styles.closed}>
          {status}
        </span>
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
        <span className="mono" title={order.seller}>
          {mine ? t("market.you") : shortAddress(order.seller)}
        </span>
        {mine && order.status === ORDER_STATUS.Active && (
          <ActionButton variant="secondary" onClick={onWithdraw} transaction={withdrawal} disabled={disabled}>
            {t("market.withdraw")}
          </ActionButton>
        )}
      </div>
    </li>
  );
}

export default function SaleListPage({ query }: PageProps) {
  const { t } = useTranslation("pages");
  const { account } = useWallet();
  const [mineOnly, setMineOnly] = useState(false);
  const [confirming, setConfirming] = useState<Order | null>(null);
  const withdrawal = useWithdrawOrderAction();
  const [withdrawingIndex, setWithdrawingIndex] = useState<bigint | null>(null);
  const mine = mineOnly && account !== null;

  const { orderCount, ranking, myOrderCount } = useOrderBook(account, RANKING_SIZE);
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
      <Stack testId="page-salelist" stype={query.stype}>
        <Card title={t("market.ranking")}>
          {ranking === undefined || orderCount === undefined ? (
            <Loading />
          ) : ranking.length === 0 ? (
            // No order in the queue: none was ever listed, or every one has sold out or been withdrawn.
            <Empty>{t(orderCount === 0n ? "market.noOrders" : "market.nothingQueued")}</Empty>
          ) : (
            <ol className={styles.list}>{ranking.map(row)}</ol>
          )}
        </Card>
        <Card
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
            <ul className={styles.list}>{orders.map(row)}</ul>
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
