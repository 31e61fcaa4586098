import { useState } from "react";
import { useTranslation } from "react-i18next";

import { Link } from "@/components/link";
import { AmountField } from "@/components/form";
import { TokenAmount } from "@/components/tokens";
import { Card, Loading, Note, Stat } from "@/components/ui";
import { Stack } from "@/components/stack";
import { addresses } from "@/config/addresses";
import { ONE } from "@/config/units";
import { useToleranceBps } from "@/lib/contracts/tolerance";
import { amountText, formatAmount, sameAddress } from "@/lib/format/format";
import { TABLET_QUERY, useScreen } from "@/lib/layout/screen";
import { useTokenHoldings } from "@/lib/product-api/use-token-holdings";
import { href } from "@/lib/routing/href";
import type { PageProps } from "@/lib/routing/page-props";
import { useTypedText } from "@/lib/spending/use-spending-flow";
import { ApproveThenActControls, BalanceAndAllowance, useApproveThenAct } from "@/widgets/approve-then-act";
import { BoundStat } from "@/widgets/bound";
import { QueuedChanges } from "@/widgets/governance";
import { Page } from "@/widgets/page";
import { PendingPrice } from "@/widgets/pending-price";
import { RequireWallet } from "@/widgets/require-wallet";
import { useWallet } from "@/lib/wallet/wallet";

import { useBuyAction } from "./api/use-buy-action";
import { useBuyQuote } from "./api/use-buy-quote";
import { useListAction } from "./api/use-list-action";
import { useMarketTerms, type MarketTerms } from "./api/use-market-terms";
import { useOrderBook } from "./api/use-order-book";
import { BoughtFills } from "./bought-fills";
import { fillsOfLogs, splitFills, type Fill } from "./fills";
import { MarketChart } from "./market-chart";
import { buying, listing } from "./market";
import { OrderQueue, OrderRow, QUEUE_SHOWN } from "./orders";
import styles from "./exchange-mv-page.module.css";

/** What of the owner's queued changes the market's figures depend on: its own holdings, the prices of MV and USDT. */
const MARKET_FOCUS = { holder: "MvMarket", tokens: [addresses.MV, addresses.USDT] } as const;

/** The orders a buy fills next, in queue order: beside the forms where the screen has the room (a tablet's or a desktop's). */
function NextOrders() {
  const { t } = useTranslation("pages");
  const { account } = useWallet();
  const { ranking, orderCount } = useOrderBook(account, QUEUE_SHOWN);
  return (
    <Card title={t("market.ranking")}>
      <OrderQueue ranking={ranking} orderCount={orderCount} row={(order) => <OrderRow key={String(order.index)} order={order} mine={account !== null && sameAddress(order.seller, account)} />} />
    </Card>
  );
}

function MarketTermsCard({ terms }: { terms: MarketTerms | undefined }) {
  const { t } = useTranslation("pages");
  return (
    <Card action={<Link to={href("/pages/index/salelist")}>{t("market.viewList")}</Link>} title={t("market.terms")}>
      <Stat label={t("market.mvForSale")} value={<TokenAmount value={terms?.forSale} symbol="MV" />} />
      <Stat
        label={t("market.price")}
        value={<span className="amount">{terms && terms.usdtPrice > 0n ? `1 MV = ${formatAmount((terms.mvPrice * ONE) / terms.usdtPrice, 6)} USDT` : <Loading />}</span>}
      />
      <Stat label={t("market.minimum")} value={<TokenAmount value={terms?.minOrder} symbol="MV" />} />
      <PendingPrice pending={terms?.pendingMvPrice} symbol="MV" />
    </Card>
  );
}

function ListForm({ account, terms }: { account: string; terms: MarketTerms | undefined }) {
  const { t } = useTranslation(["pages", "common", "errors"]);
  const mv = useTokenHoldings("MV", account, "MvMarket");
  const list = useListAction();
  const listingFlow = useApproveThenAct(listing, { minOrder: terms?.minOrder }, { token: "MV", spender: "MvMarket", holdings: mv, transaction: list });
  const { field } = listingFlow;
  return (
    <Card title={t("market.list")}>
      <BalanceAndAllowance token="MV" balance={mv.balance} allowance={mv.allowance} />
      <AmountField
        label={t("market.listAmount")}
        {...field.inputProps}
        onMax={() => mv.balance !== undefined && field.setText(amountText(mv.balance))}
        placeholder={t("market.listPlaceholder")}
      />
      <ApproveThenActControls flow={listingFlow} ready={Boolean(mv.data && terms)}>
        {t("market.listSubmit")}
      </ApproveThenActControls>
    </Card>
  );
}

function BuyForm({ account, terms }: { account: string; terms: MarketTerms | undefined }) {
  const { t } = useTranslation(["pages", "common", "errors", "trade"]);
  const usdt = useTokenHoldings("USDT", account, "MvMarket");
  const buy = useBuyAction();
  // The amount typed is parsed above the flow: the contract's quote for it is read here, and flows
  // down into the action's facts.
  const typed = useTypedText();
  const toleranceBps = useToleranceBps();
  const parsed = buying.parse(typed.text, { forSale: terms?.forSale, quote: undefined, toleranceBps });
  const buyQuote = useBuyQuote("value" in parsed ? parsed.value : undefined);
  const { quote, fills } = buyQuote;
  // The orders the last confirmed buy filled, from its receipt: shown with it, until the next buy.
  const [bought, setBought] = useState<Fill[]>();
  const buyingFlow = useApproveThenAct(
    buying,
    { forSale: terms?.forSale, quote, toleranceBps },
    {
      token: "USDT",
      spender: "MvMarket",
      holdings: usdt,
      typed,
      transaction: buy,
      confirmed: (receipt) => setBought(fillsOfLogs(receipt.logs)),
      // The quote of an amount typed again after a buy is the one of before, being read again.
      reading: buyQuote.refreshing,
    },
  );
  const { field } = buyingFlow;
  // The buyer's own orders are filled like anyone's; the USDT for them comes straight back, so
  // what the buyer really pays is what the other sellers get.
  // Nothing for sale: said at once, not after a press, and no "about 0 MV" figures.
  const empty = terms?.forSale === 0n;
  const split = field.value === undefined || fills === undefined || empty ? undefined : splitFills(fills, account);

  const estimate = field.value === undefined || empty ? undefined : quote?.mvAmount;
  // One buy fills at most maxFillsPerBuy orders: when that, not the amount or what is for sale,
  // stops it, the user is told what it fills and that the rest of the USDT stays with them.
  const fillLimited =
    field.value !== undefined && quote && terms && quote.usdtSpent < field.value && quote.mvAmount < terms.forSale ? quote : undefined;

  return (
    <Card title={t("market.buy")}>
      <BalanceAndAllowance token="USDT" balance={usdt.balance} allowance={usdt.allowance} />
      <AmountField
        label={t("forms.usdtAmount")}
        {...field.inputProps}
        placeholder={t("market.buyPlaceholder")}
      />
      {/* Once a press is refused for it, the refusal under the buttons says it: not twice. */}
      {empty && buyingFlow.spending.refusal?.key !== "errors:nothingForSale" && <Note>{t("errors:nothingForSale")}</Note>}
      <Stat label={t("market.estimate")} value={estimate === undefined ? "—" : `${formatAmount(estimate, 6)} MV`} emphasis />
      <BoundStat kind="receiveAtLeast" value={estimate === undefined ? undefined : buyingFlow.spending.evaluation.quote?.args[1]} symbol="MV" />
      <Stat label={t("market.pays")} value={split === undefined ? "—" : `${formatAmount(split.others.usdt, 6)} USDT`} />
      {split && split.own.mv > 0n && (
        <Note>
          {t(split.others.mv === 0n ? "trade:ownFillsOnly" : "trade:ownFills", { mv: formatAmount(split.own.mv, 6), usdt: formatAmount(split.own.usdt, 6) })}
        </Note>
      )}
      {fillLimited && terms && field.value !== undefined && (
        <Note>
          {t("trade:fillLimit", {
            orders: Number(terms.maxFillsPerBuy),
            mv: formatAmount(fillLimited.mvAmount, 6),
            usdt: formatAmount(fillLimited.usdtSpent, 6),
            rest: formatAmount(field.value - fillLimited.usdtSpent, 6),
          })}
        </Note>
      )}
      <ApproveThenActControls flow={buyingFlow} ready={Boolean(usdt.data && terms)}>
        {t("market.buySubmit")}
      </ApproveThenActControls>
      {bought && bought.length > 0 && buy.phase === "confirmed" && <BoughtFills fills={bought} account={account} />}
    </Card>
  );
}

export default function ExchangeMvPage({ query }: PageProps) {
  const { data: terms } = useMarketTerms();
  const wide = useScreen(TABLET_QUERY);
  return (
    <Page title="titles.exchangeMV">
      <Stack testId="page-exchangeMV" stype={query.stype} layout="panes" className={styles.panes}>
        <RequireWallet>
          {(account) => (
            <>
              <ListForm account={account} terms={terms} />
              <BuyForm account={account} terms={terms} />
            </>
          )}
        </RequireWallet>
        {/* Beside the forms on a tablet or a desktop: the queue, the market's chart and terms; on a
            phone, the chart and the terms under the forms. */}
        <div className={styles.aside}>
          {wide && <NextOrders />}
          <MarketChart />
          <MarketTermsCard terms={terms} />
          {/* Under the market's terms: its smallest order and fills per buy queued, MV or USDT it holds sent elsewhere. */}
          <QueuedChanges scope="market" focus={MARKET_FOCUS} />
        </div>
      </Stack>
    </Page>
  );
}
