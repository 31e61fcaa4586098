import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";

import { Link } from "@/components/link";
import { AmountField } from "@/components/form";
import { TokenAmount } from "@/components/tokens";
import { Card, Loading, Stat } from "@/components/ui";
import { Stack } from "@/components/stack";
import { addresses } from "@/config/addresses";
import { ONE } from "@/config/units";
import { useToleranceBps } from "@/lib/contracts/tolerance";
import { amountText, formatAmount } from "@/lib/format/format";
import { useTokenHoldings } from "@/lib/product-api/use-token-holdings";
import { pageTitleOf, type PageProps } from "@/lib/routing/page-props";
import { href } from "@/lib/routing/href";
import { isExchangePath, type ExchangePath } from "@/lib/routing/paths";
import { AddTokenButton } from "@/widgets/add-token-button";
import { ApproveThenActControls, BalanceAndAllowance, useApproveThenAct } from "@/widgets/approve-then-act";
import { BoundStat } from "@/widgets/bound";
import { QueuedChanges } from "@/widgets/governance";
import { Page, usePageTitle } from "@/widgets/page";
import { RequireWallet } from "@/widgets/require-wallet";

import { useExchangeAction } from "./api/use-exchange-action";
import { useExchangeLimits } from "./api/use-exchange-limits";
import { useSwapTerms, type SwapTerms } from "./api/use-swap-terms";
import { amountOut, exchange } from "./exchange";
import { EXCHANGE_KINDS, type ExchangeKind } from "./exchange-kinds";

/** The page of the other way of the pair, where there is one: ACB to USDT and back. */
const OTHER_WAY: Partial<Record<ExchangePath, ExchangePath>> = {
  "/pages/index/exchangeACB": "/pages/index/exchangeUTOACB",
  "/pages/index/exchangeUTOACB": "/pages/index/exchangeACB",
};

function RouteTerms({ path, kind, terms }: { path: ExchangePath; kind: ExchangeKind; terms: SwapTerms | undefined }) {
  const { t } = useTranslation("pages");
  const { tokenIn, tokenOut } = kind;
  const rate = terms ? formatAmount((terms.priceIn * ONE) / terms.priceOut, 6) : undefined;
  const other = OTHER_WAY[path];
  return (
    <Card action={other && <Link to={href(other)}>{t(pageTitleOf(other)!)}</Link>}>
      <Stat label={t("exchange.rate")} value={rate ? `1 ${tokenIn} = ${rate} ${tokenOut}` : <Loading />} />
      <Stat
        label={t("exchange.dailyLimit")}
        value={
          <span>
            {terms === undefined ? <Loading /> : terms.dailyLimitUsd > 0n ? `${formatAmount(terms.dailyLimitUsd, 2)} USD` : t("exchange.noLimit")}
          </span>
        }
      />
      <Stat label={t("exchange.liquidity")} value={<TokenAmount value={terms?.liquidity} symbol={tokenOut} />} />
    </Card>
  );
}

function ExchangeForm({ kind, account, terms }: { kind: ExchangeKind; account: string; terms: SwapTerms | undefined }) {
  const { t } = useTranslation(["pages", "common", "errors"]);
  const { id: route, tokenIn, tokenOut } = kind;
  const limits = useExchangeLimits(route, account);
  const holdings = useTokenHoldings(tokenIn, account, "Swap");
  const exchangeAction = useExchangeAction(kind);
  const toleranceBps = useToleranceBps();
  const flow = useApproveThenAct(
    exchange,
    { kind, prices: terms, maxExchangeable: limits.maxExchangeable, toleranceBps },
    { token: tokenIn, spender: "Swap", holdings, transaction: exchangeAction, reading: limits.refreshing },
  );
  const { field } = flow;
  const { quote } = flow.spending.evaluation;
  const receive = field.value !== undefined && terms ? amountOut(field.value, terms) : undefined;

  const fillMax = () => {
    const { maxExchangeable: max } = limits;
    const { balance } = holdings;
    if (max === undefined || balance === undefined) return;
    field.setText(amountText(max < balance ? max : balance));
  };

  return (
    <Card>
      <BalanceAndAllowance token={tokenIn} balance={holdings.balance} allowance={holdings.allowance} balanceLabel={t("exchange.balance")} />
      <Stat label={t("exchange.maxExchangeable")} value={<TokenAmount value={limits.maxExchangeable} symbol={tokenIn} />} />
      {terms && terms.dailyLimitUsd > 0n && (
        <Stat
          label={t("exchange.usedToday")}
          value={
            <span className="amount">
              {formatAmount(limits.usedToday ?? 0n, 2)} / {formatAmount(terms.dailyLimitUsd, 2)} USD
            </span>
          }
        />
      )}
      <AmountField
        label={t("forms.exchangeAmount")}
        {...field.inputProps}
        onMax={fillMax}
        placeholder={t("forms.amountIn", { token: tokenIn })}
      />
      <Stat label={t("exchange.receive")} value={receive === undefined ? "—" : `${formatAmount(receive, 6)} ${tokenOut}`} emphasis />
      <BoundStat kind="receiveAtLeast" value={quote?.args[1]} symbol={tokenOut} />
      <AddTokenButton token={tokenOut} />
      <ApproveThenActControls flow={flow} ready={Boolean(limits.data && holdings.data && terms)}>
        {t("exchange.submit")}
      </ApproveThenActControls>
    </Card>
  );
}

export default function ExchangePage({ query }: PageProps) {
  const title = usePageTitle();
  const { pathname } = useLocation();
  const path = isExchangePath(pathname) ? pathname : "/pages/index/exchangeMvToX";
  const kind = EXCHANGE_KINDS[path];
  const { terms } = useSwapTerms(kind.id);
  return (
    <Page title={title}>
      <Stack testId="page-exchange" stype={query.stype} layout="panes">
        <RequireWallet>{(account) => <ExchangeForm key={pathname} kind={kind} account={account} terms={terms} />}</RequireWallet>
        <RouteTerms path={path} kind={kind} terms={terms} />
        {/* Under the route's terms: its daily limit queued, the exchange's holdings sent elsewhere, a price of its pair. */}
        <QueuedChanges scope="exchange" focus={{ route: kind.id, holder: "Swap", tokens: [addresses[kind.tokenIn], addresses[kind.tokenOut]] }} />
      </Stack>
    </Page>
  );
}
