import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

import { ApproveThenActControls, useApproveThenAct } from "@/components/approve-then-act";
import { BoundStat } from "@/components/bound";
import { amountText, formatAmount } from "@/components/format";
import { AmountField, useFieldCheck } from "@/components/form";
import { Page } from "@/components/page";
import { PendingPrice } from "@/components/pending-price";
import { parseAmount } from "@/components/parse";
import { RequireWallet } from "@/components/require-wallet";
import { AllowanceAmount, TokenAmount } from "@/components/tokens";
import { Card, Loading, Note, Stack, Stat } from "@/components/ui";
import { addresses } from "@/config/addresses";
import type { TokenSymbol } from "@/config/contract-names";
import { ONE } from "@/config/units";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { notEnough } from "@/lib/contracts/errors";
import { atLeast } from "@/lib/contracts/tolerance";
import { useChainQuery } from "@/lib/contracts/use-chain-query";
import { href } from "@/lib/routing/href";
import type { PageProps } from "@/lib/routing/page-props";
import type { Message } from "@/lib/toast/toast-store";

/** An amount of `token` typed into a form: the empty prompt, the invalid message, or too little balance. */
function checkAmount(text: string, token: TokenSymbol, emptyKey: string, balance: bigint | undefined): { value: bigint } | { problem: Message } {
  const parsed = parseAmount(text);
  if (!parsed.ok) return { problem: { key: parsed.reason === "empty" ? emptyKey : "errors:invalidAmountMv" } };
  if (parsed.value === 0n) return { problem: { key: "errors:invalidAmountMv" } };
  if (balance !== undefined && parsed.value > balance) return { problem: notEnough(token) };
  return { value: parsed.value };
}

/** The market as everyone sees it: MV for sale, its price in USDT and the smallest order. */
function useMarket() {
  const { data } = useChainQuery("market", () => [
    read(contracts.market, "mvForSale"),
    read(contracts.market, "minOrder"),
    read(contracts.main, "priceOf", addresses.MV),
    read(contracts.main, "priceOf", addresses.USDT),
    read(contracts.market, "maxFillsPerBuy"),
    read(contracts.main, "pendingPrice", addresses.MV),
  ]);
  const [forSale, minimum, mvPrice, usdtPrice, maxFills, pendingMvPrice] = data ?? [];
  return data
    ? { forSale: forSale!, minimum: minimum!, mvPrice: mvPrice!, usdtPrice: usdtPrice!, maxFills: maxFills!, pendingMvPrice: pendingMvPrice! }
    : undefined;
}

type Market = NonNullable<ReturnType<typeof useMarket>>;

function MarketTerms({ market }: { market: Market | undefined }) {
  const { t } = useTranslation("pages");
  return (
    <Card testId="market-terms" action={<Link to={href("/pages/index/salelist")}>{t("market.viewList")}</Link>} title={t("market.terms")}>
      <Stat label={t("market.mvForSale")} value={<TokenAmount value={market?.forSale} symbol="MV" testId="mv-for-sale" />} />
      <Stat
        label={t("market.price")}
        value={<span className="amount">{market ? `1 MV = ${formatAmount((market.mvPrice * ONE) / market.usdtPrice, 6)} USDT` : <Loading />}</span>}
      />
      <Stat label={t("market.minimum")} value={<TokenAmount value={market?.minimum} symbol="MV" testId="min-order" />} />
      <PendingPrice pending={market?.pendingMvPrice} symbol="MV" />
    </Card>
  );
}

function MarketForms({ account, market }: { account: string; market: Market | undefined }) {
  const { t } = useTranslation(["pages", "common", "errors", "trade"]);
  const { data } = useChainQuery(`market:${account}`, () => [
    read(contracts.tokens.MV, "balanceOf", account),
    read(contracts.tokens.MV, "allowance", account, addresses.MvMarket),
    read(contracts.tokens.USDT, "balanceOf", account),
    read(contracts.tokens.USDT, "allowance", account, addresses.MvMarket),
  ]);
  const [mvBalance, mvAllowance, usdtBalance, usdtAllowance] = data ?? [];
  const ready = Boolean(data && market);

  const list = useFieldCheck((text) => {
    const checked = checkAmount(text, "MV", "errors:enterAmount", undefined);
    if ("value" in checked && market && checked.value < market.minimum) {
      return { problem: { key: "errors:belowMinimum", params: { minimum: formatAmount(market.minimum) } } };
    }
    return "value" in checked && mvBalance !== undefined && checked.value > mvBalance ? { problem: notEnough("MV") } : checked;
  });
  const buy = useFieldCheck((text) => checkAmount(text, "USDT", "errors:enterUsdt", usdtBalance));
  // The contract's own plan for the amount typed: the MV it fills and the USDT that takes, within
  // what is for sale and the most orders one buy fills.
  const { data: quoted } = useChainQuery(buy.value === undefined ? null : `market:quote:${buy.value}`, () => [
    read(contracts.market, "quoteBuy", buy.value!),
  ]);
  const quote = quoted?.[0];

  const listing = useApproveThenAct({
    token: "MV",
    spender: "MvMarket",
    field: list,
    spends: (amount) => amount,
    allowance: mvAllowance,
    send: (amount) => (c) => c.market.list(amount),
    messages: { success: "common:messages.listSuccessful", failure: "errors:actionFailed", token: "MV" },
    onDone: list.clear,
  });
  const buying = useApproveThenAct({
    token: "USDT",
    spender: "MvMarket",
    field: buy,
    spends: (amount) => amount,
    allowance: usdtAllowance,
    precheck: () => (market?.forSale === 0n ? { key: "errors:nothingForSale" } : quote === undefined ? { key: "common:loading.figures" } : undefined),
    // The least MV the buyer agrees to: the contract's quote, less the tolerance.
    send: (amount) => (c) => c.market.buy(amount, atLeast(quote!.mvAmount)),
    messages: { success: "common:messages.purchaseSuccessful", failure: "errors:purchaseFailed", token: "USDT" },
    onDone: buy.clear,
  });

  const estimate = buy.value === undefined ? undefined : quote?.mvAmount;
  // One buy fills at most maxFillsPerBuy orders: when that, not the amount or what is for sale,
  // stops it, the user is told what it fills and that the rest of the USDT stays with them.
  const fillLimited =
    buy.value !== undefined && quote && market && quote.usdtSpent < buy.value && quote.mvAmount < market.forSale ? quote : undefined;

  return (
    <>
      <Card title={t("market.list")} testId="list-form">
        <Stat label={t("mining.balance")} value={<TokenAmount value={mvBalance} symbol="MV" testId="mv-balance" />} />
        <Stat label={t("mining.authorized")} value={<AllowanceAmount value={mvAllowance} symbol="MV" testId="mv-allowance" />} />
        <AmountField
          label={t("market.listAmount")}
          value={list.text}
          onChange={list.setText}
          onMax={() => mvBalance !== undefined && list.setText(amountText(mvBalance))}
          placeholder={t("market.listPlaceholder")}
          error={list.error}
          testId="list-amount"
        />
        <ApproveThenActControls flow={listing} ready={ready} testId="list-submit">
          {t("market.listSubmit")}
        </ApproveThenActControls>
      </Card>

      <Card title={t("market.buy")} testId="buy-form">
        <Stat label={t("mining.balance")} value={<TokenAmount value={usdtBalance} symbol="USDT" testId="usdt-balance" />} />
        <Stat label={t("mining.authorized")} value={<AllowanceAmount value={usdtAllowance} symbol="USDT" testId="usdt-allowance" />} />
        <AmountField
          label={t("forms.usdtAmount")}
          value={buy.text}
          onChange={buy.setText}
          placeholder={t("market.buyPlaceholder")}
          error={buy.error}
          testId="buy-amount"
        />
        <Stat label={t("market.estimate")} value={<span data-testid="buy-estimate">{estimate === undefined ? "—" : `${formatAmount(estimate, 6)} MV`}</span>} emphasis />
        <BoundStat kind="receiveAtLeast" value={estimate === undefined ? undefined : atLeast(estimate)} symbol="MV" testId="min-mv-out" />
        {fillLimited && market && buy.value !== undefined && (
          <Note testId="fill-limit">
            {t("trade:fillLimit", {
              orders: Number(market.maxFills),
              mv: formatAmount(fillLimited.mvAmount, 6),
              usdt: formatAmount(fillLimited.usdtSpent, 6),
              rest: formatAmount(buy.value - fillLimited.usdtSpent, 6),
            })}
          </Note>
        )}
        <ApproveThenActControls flow={buying} ready={ready} testId="buy-submit">
          {t("market.buySubmit")}
        </ApproveThenActControls>
      </Card>
    </>
  );
}

export default function ExchangeMvPage({ query }: PageProps) {
  const market = useMarket();
  return (
    <Page title="titles.exchangeMV">
      <Stack testId="page-exchangeMV" stype={query.stype}>
        <RequireWallet>{(account) => <MarketForms account={account} market={market} />}</RequireWallet>
        <MarketTerms market={market} />
      </Stack>
    </Page>
  );
}
