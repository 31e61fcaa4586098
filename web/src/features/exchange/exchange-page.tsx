import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";

import { ApproveThenActControls, useApproveThenAct } from "@/components/approve-then-act";
import { BoundStat } from "@/components/bound";
import { amountText, formatAmount } from "@/components/format";
import { AmountField, useFieldCheck } from "@/components/form";
import { Page, usePageTitle } from "@/components/page";
import { parseAmount } from "@/components/parse";
import { RequireWallet } from "@/components/require-wallet";
import { AllowanceAmount, TokenAmount } from "@/components/tokens";
import { Card, Loading, Stack, Stat } from "@/components/ui";
import { addresses } from "@/config/addresses";
import { ONE } from "@/config/units";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { notEnough } from "@/lib/contracts/errors";
import { atLeast } from "@/lib/contracts/tolerance";
import { useChainQuery } from "@/lib/contracts/use-chain-query";
import type { PageProps } from "@/lib/routing/page-props";
import { isExchangePath } from "@/lib/routing/paths";
import type { Message } from "@/lib/toast/toast-store";

import { EXCHANGE_ROUTES, type ExchangeRoute } from "./routes";

/** The route's terms, the same for everyone: its rate, the daily limit per address and the liquidity. */
function useRouteInfo(route: ExchangeRoute["route"]) {
  const { data } = useChainQuery(`exchange:route:${route}`, () => [read(contracts.swap, "routeInfo", route)]);
  return data?.[0];
}

type RouteInfo = NonNullable<ReturnType<typeof useRouteInfo>>;

function RouteTerms({ config, info }: { config: ExchangeRoute; info: RouteInfo | undefined }) {
  const { t } = useTranslation("pages");
  const { tokenIn, tokenOut } = config;
  const rate = info ? formatAmount((info.priceIn * ONE) / info.priceOut, 6) : undefined;
  return (
    <Card testId="route-terms">
      <Stat label={t("exchange.rate")} value={<span data-testid="rate">{rate ? `1 ${tokenIn} = ${rate} ${tokenOut}` : <Loading />}</span>} />
      <Stat
        label={t("exchange.dailyLimit")}
        value={
          <span data-testid="route-daily-limit">
            {info === undefined ? <Loading /> : info.dailyLimitUsd > 0n ? `${formatAmount(info.dailyLimitUsd, 2)} USD` : t("exchange.noLimit")}
          </span>
        }
      />
      <Stat label={t("exchange.liquidity")} value={<TokenAmount value={info?.liquidity} symbol={tokenOut} testId="liquidity" />} />
    </Card>
  );
}

function ExchangeForm({ config, account, info }: { config: ExchangeRoute; account: string; info: RouteInfo | undefined }) {
  const { t } = useTranslation(["pages", "common", "errors"]);
  const { route, tokenIn, tokenOut, invalid } = config;

  const { data } = useChainQuery(`exchange:${route}:${account}`, () => [
    read(contracts.swap, "maxExchangeable", route, account),
    read(contracts.swap, "usedToday", route, account),
    read(contracts.tokens[tokenIn], "balanceOf", account),
    read(contracts.tokens[tokenIn], "allowance", account, addresses.Swap),
  ]);
  const [max, used, balance, allowance] = data ?? [];

  /** The amount typed, or the spec's message for why it cannot be exchanged: the rule, then the balance. */
  const field = useFieldCheck((text): { value: bigint } | { problem: Message } => {
    const parsed = parseAmount(text);
    if (!parsed.ok) return { problem: { key: parsed.reason === "empty" ? "errors:enterAmount" : invalid } };
    const amount = parsed.value;
    const out = info ? (amount * info.priceIn) / info.priceOut : undefined;
    if (amount === 0n || out === 0n || (max !== undefined && amount > max)) return { problem: { key: invalid } };
    if (balance !== undefined && amount > balance) return { problem: notEnough(tokenIn) };
    return { value: amount };
  });
  const amountOut = field.value !== undefined && info ? (field.value * info.priceIn) / info.priceOut : undefined;
  const flow = useApproveThenAct({
    token: tokenIn,
    spender: "Swap",
    field,
    spends: (amount) => amount,
    allowance,
    // The least the user agrees to receive: what the page shows, less the tolerance.
    send: (amount) => (c) => c.swap.exchange(route, amount, atLeast((amount * info!.priceIn) / info!.priceOut)),
    messages: {
      success: "common:messages.exchangeSuccessful",
      failure: "errors:exchangeFailed",
      overrides: { SwapExceedsMaxExchangeable: invalid, SwapInvalidAmount: invalid },
      token: tokenIn,
    },
    onDone: field.clear,
  });

  const fillMax = () => {
    if (max === undefined || balance === undefined) return;
    field.setText(amountText(max < balance ? max : balance));
  };

  return (
    <Card testId="exchange-form">
      <Stat label={t("exchange.balance")} value={<TokenAmount value={balance} symbol={tokenIn} testId="balance-in" />} />
      <Stat label={t("mining.authorized")} value={<AllowanceAmount value={allowance} symbol={tokenIn} testId="allowance-in" />} />
      <Stat label={t("exchange.maxExchangeable")} value={<TokenAmount value={max} symbol={tokenIn} testId="max-exchangeable" />} />
      {info && info.dailyLimitUsd > 0n && (
        <Stat
          label={t("exchange.usedToday")}
          value={
            <span data-testid="daily-limit" className="amount">
              {formatAmount(used ?? 0n, 2)} / {formatAmount(info.dailyLimitUsd, 2)} USD
            </span>
          }
        />
      )}
      <AmountField
        label={t("forms.exchangeAmount")}
        value={field.text}
        onChange={field.setText}
        onMax={fillMax}
        placeholder={t("forms.amountIn", { token: tokenIn })}
        error={field.error}
        testId="amount-input"
      />
      <Stat label={t("exchange.receive")} value={<span data-testid="receive">{amountOut === undefined ? "—" : `${formatAmount(amountOut, 6)} ${tokenOut}`}</span>} emphasis />
      <BoundStat kind="receiveAtLeast" value={amountOut === undefined ? undefined : atLeast(amountOut)} symbol={tokenOut} testId="min-out" />
      <ApproveThenActControls flow={flow} ready={Boolean(data && info)} testId="exchange">
        {t("exchange.submit")}
      </ApproveThenActControls>
    </Card>
  );
}

export default function ExchangePage({ query }: PageProps) {
  const title = usePageTitle();
  const { pathname } = useLocation();
  const config = EXCHANGE_ROUTES[isExchangePath(pathname) ? pathname : "/pages/index/exchangeMvToX"];
  const info = useRouteInfo(config.route);
  return (
    <Page title={title}>
      <Stack testId="page-exchange" stype={query.stype}>
        <RequireWallet>{(account) => <ExchangeForm key={pathname} config={config} account={account} info={info} />}</RequireWallet>
        <RouteTerms config={config} info={info} />
      </Stack>
    </Page>
  );
}
