import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";

import type { PageProps } from "@/app/routes";
import { parseAmount } from "@/components/parse";
import { amountText, formatAmount } from "@/components/format";
import { AuthorizeButton, UnlimitedToggle, useApproval } from "@/components/approval";
import { ActionButton, AmountField, ButtonRow, TransactionNote, useFieldCheck } from "@/components/form";
import { Page, useRouteTitle } from "@/components/page";
import { RequireWallet } from "@/components/require-wallet";
import { TokenAmount } from "@/components/tokens";
import { Card, Stack, Stat } from "@/components/ui";
import { addresses } from "@/config/addresses";
import { ONE } from "@/config/units";
import { useMessage } from "@/i18n/use-message";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { notEnough } from "@/lib/contracts/errors";
import { useChainQuery } from "@/lib/contracts/use-chain-query";
import { useTransaction } from "@/lib/contracts/use-transaction";
import { refuse, type Message } from "@/lib/toast/toast-store";

import { EXCHANGE_ROUTES, type ExchangeRoute } from "./routes";


function ExchangeForm({ config, account }: { config: ExchangeRoute; account: string }) {
  const { t } = useTranslation(["pages", "common", "errors"]);
  const translate = useMessage();
  const { route, tokenIn, tokenOut, invalid } = config;
  const approval = useApproval(tokenIn, "Swap");
  const exchange = useTransaction();

  const { data } = useChainQuery(`exchange:${route}:${account}`, () => [
    read(contracts.swap, "routeInfo", route),
    read(contracts.swap, "maxExchangeable", route, account),
    read(contracts.swap, "usedToday", route, account),
    read(contracts.tokens[tokenIn], "balanceOf", account),
    read(contracts.tokens[tokenIn], "allowance", account, addresses.Swap),
  ]);
  const [info, max, used, balance, allowance] = data ?? [];

  /** The amount typed, or the spec's message for why it cannot be exchanged. */
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

  const authorize = () => {
    const amount = field.attempt();
    if (amount !== undefined) void approval.authorize(amount);
  };

  const submit = async () => {
    const amount = field.attempt();
    if (amount === undefined) return;
    if (allowance !== undefined && allowance < amount && refuse({ key: "errors:authorizeFirst" })) return;
    const done = await exchange.run((c) => c.swap.exchange(route, amount), {
      success: "common:messages.exchangeSuccessful",
      failure: "errors:exchangeFailed",
      overrides: { SwapExceedsMaxExchangeable: invalid, SwapInvalidAmount: invalid },
      token: tokenIn,
    });
    if (done) field.clear();
  };

  const fillMax = () => {
    if (max === undefined || balance === undefined) return;
    field.setText(amountText(max < balance ? max : balance));
  };

  const rate = info ? formatAmount((info.priceIn * ONE) / info.priceOut, 6) : undefined;
  return (
    <Card testId="exchange-form">
      <Stat label={t("exchange.balance")} value={<TokenAmount value={balance} symbol={tokenIn} testId="balance-in" />} />
      <Stat label={t("exchange.rate")} value={<span data-testid="rate">{rate ? `1 ${tokenIn} = ${rate} ${tokenOut}` : "…"}</span>} />
      <Stat label={t("exchange.maxExchangeable")} value={<TokenAmount value={max} symbol={tokenIn} testId="max-exchangeable" />} />
      {info && info.dailyLimitUsd > 0n && (
        <Stat
          label={t("exchange.dailyLimit")}
          value={
            <span data-testid="daily-limit">
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
        placeholder={translate({ key: "errors:enterAmount" })}
        error={field.error}
        testId="amount-input"
      />
      <Stat label={t("exchange.receive")} value={<span data-testid="receive">{amountOut === undefined ? "—" : `${formatAmount(amountOut, 6)} ${tokenOut}`}</span>} emphasis />
      <UnlimitedToggle approval={approval} />
      <ButtonRow>
        <AuthorizeButton approval={approval} onClick={authorize} disabled={!data} />
        <ActionButton transaction={exchange} onClick={() => void submit()} disabled={!data} testId="exchange">
          {t("exchange.submit")}
        </ActionButton>
      </ButtonRow>
      <TransactionNote transaction={exchange.phase !== "idle" ? exchange : approval.transaction} />
    </Card>
  );
}

export default function ExchangePage({ query }: PageProps) {
  const title = useRouteTitle();
  const { pathname } = useLocation();
  const config = EXCHANGE_ROUTES[pathname] ?? EXCHANGE_ROUTES["/pages/index/exchangeMvToX"];
  return (
    <Page title={title}>
      <Stack testId="page-exchange" stype={query.stype}>
        <RequireWallet>{(account) => <ExchangeForm key={pathname} config={config} account={account} />}</RequireWallet>
      </Stack>
    </Page>
  );
}
