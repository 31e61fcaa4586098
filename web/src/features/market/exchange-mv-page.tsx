import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

import type { PageProps } from "@/app/routes";
import { parseAmount } from "@/components/parse";
import { AuthorizeButton, UnlimitedToggle, useApproval } from "@/components/approval";
import { amountText, formatAmount } from "@/components/format";
import { ActionButton, AmountField, ButtonRow, TransactionNote, useFieldCheck } from "@/components/form";
import { Page } from "@/components/page";
import { RequireWallet } from "@/components/require-wallet";
import { TokenAmount } from "@/components/tokens";
import { Card, Stack, Stat } from "@/components/ui";
import { addresses } from "@/config/addresses";
import type { TokenSymbol } from "@/config/contract-names";
import { ONE } from "@/config/units";
import { useMessage } from "@/i18n/use-message";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { notEnough } from "@/lib/contracts/errors";
import { useChainQuery } from "@/lib/contracts/use-chain-query";
import { useTransaction } from "@/lib/contracts/use-transaction";
import { refuse, type Message } from "@/lib/toast/toast-store";


/** An amount of `token` typed into a form: the empty prompt, the invalid message, or too little balance. */
function checkAmount(text: string, token: TokenSymbol, emptyKey: string, balance: bigint | undefined): { value: bigint } | { problem: Message } {
  const parsed = parseAmount(text);
  if (!parsed.ok) return { problem: { key: parsed.reason === "empty" ? emptyKey : "errors:invalidAmountMv" } };
  if (parsed.value === 0n) return { problem: { key: "errors:invalidAmountMv" } };
  if (balance !== undefined && parsed.value > balance) return { problem: notEnough(token) };
  return { value: parsed.value };
}

function MarketForms({ account }: { account: string }) {
  const { t } = useTranslation(["pages", "common", "errors"]);
  const translate = useMessage();
  const mvApproval = useApproval("MV", "MvMarket");
  const usdtApproval = useApproval("USDT", "MvMarket");
  const listing = useTransaction();
  const buying = useTransaction();

  const { data } = useChainQuery(`market:${account}`, () => [
    read(contracts.tokens.MV, "balanceOf", account),
    read(contracts.tokens.MV, "allowance", account, addresses.MvMarket),
    read(contracts.tokens.USDT, "balanceOf", account),
    read(contracts.tokens.USDT, "allowance", account, addresses.MvMarket),
    read(contracts.market, "mvForSale"),
    read(contracts.market, "minOrder"),
    read(contracts.main, "priceOf", addresses.MV),
    read(contracts.main, "priceOf", addresses.USDT),
  ]);
  const [mvBalance, mvAllowance, usdtBalance, usdtAllowance, forSale, minimum, mvPrice, usdtPrice] = data ?? [];

  const list = useFieldCheck((text) => {
    const checked = checkAmount(text, "MV", "errors:enterAmount", mvBalance);
    if ("value" in checked && minimum !== undefined && checked.value < minimum) {
      return { problem: { key: "errors:belowMinimum", params: { minimum: formatAmount(minimum) } } };
    }
    return checked;
  });
  const buy = useFieldCheck((text) => checkAmount(text, "USDT", "errors:enterUsdt", usdtBalance));

  // What a buy would bring, at the MV price and within what is for sale (the contract fills orders
  // first-in first-out at that price, a few wei may round differently).
  const estimate =
    buy.value !== undefined && mvPrice && usdtPrice && forSale !== undefined
      ? [(buy.value * usdtPrice) / mvPrice, forSale].reduce((a, b) => (a < b ? a : b))
      : undefined;

  const submitList = async () => {
    const amount = list.attempt();
    if (amount === undefined) return;
    if (mvAllowance !== undefined && mvAllowance < amount && refuse({ key: "errors:authorizeFirst" })) return;
    if (await listing.run((c) => c.market.list(amount), { success: "common:messages.listSuccessful", failure: "errors:actionFailed", token: "MV" })) {
      list.clear();
    }
  };

  const submitBuy = async () => {
    const amount = buy.attempt();
    if (amount === undefined) return;
    if (forSale === 0n && refuse({ key: "errors:nothingForSale" })) return;
    if (usdtAllowance !== undefined && usdtAllowance < amount && refuse({ key: "errors:authorizeFirst" })) return;
    if (await buying.run((c) => c.market.buy(amount), { success: "common:messages.purchaseSuccessful", failure: "errors:purchaseFailed", token: "USDT" })) {
      buy.clear();
    }
  };

  return (
    <>
      <Card title={t("market.list")} testId="list-form">
        <Stat label={t("mining.balance")} value={<TokenAmount value={mvBalance} symbol="MV" testId="mv-balance" />} />
        <AmountField
          label={t("market.listAmount")}
          value={list.text}
          onChange={list.setText}
          onMax={() => mvBalance !== undefined && list.setText(amountText(mvBalance))}
          placeholder={translate({ key: "errors:enterAmount" })}
          error={list.error}
          testId="list-amount"
        />
        <UnlimitedToggle approval={mvApproval} />
        <ButtonRow>
          <AuthorizeButton
            approval={mvApproval}
            disabled={!data}
            onClick={() => {
              const amount = list.attempt();
              if (amount !== undefined) void mvApproval.authorize(amount);
            }}
          />
          <ActionButton transaction={listing} onClick={() => void submitList()} disabled={!data} testId="list-submit">
            {t("market.listSubmit")}
          </ActionButton>
        </ButtonRow>
        <TransactionNote transaction={listing.phase !== "idle" ? listing : mvApproval.transaction} />
      </Card>

      <Card title={t("market.buy")} testId="buy-form" action={<Link to="/pages/index/salelist">{t("market.viewList")}</Link>}>
        <Stat label={t("market.mvForSale")} value={<TokenAmount value={forSale} symbol="MV" testId="mv-for-sale" />} />
        <Stat label={t("market.price")} value={<span>{mvPrice && usdtPrice ? `1 MV = ${formatAmount((mvPrice * ONE) / usdtPrice, 6)} USDT` : "…"}</span>} />
        <Stat label={t("mining.balance")} value={<TokenAmount value={usdtBalance} symbol="USDT" testId="usdt-balance" />} />
        <AmountField
          label={t("forms.usdtAmount")}
          value={buy.text}
          onChange={buy.setText}
          placeholder={translate({ key: "errors:enterUsdt" })}
          error={buy.error}
          testId="buy-amount"
        />
        <Stat label={t("market.estimate")} value={<span data-testid="buy-estimate">{estimate === undefined ? "—" : `${formatAmount(estimate, 6)} MV`}</span>} emphasis />
        <UnlimitedToggle approval={usdtApproval} />
        <ButtonRow>
          <AuthorizeButton
            approval={usdtApproval}
            disabled={!data}
            onClick={() => {
              const amount = buy.attempt();
              if (amount !== undefined) void usdtApproval.authorize(amount);
            }}
          />
          <ActionButton transaction={buying} onClick={() => void submitBuy()} disabled={!data} testId="buy-submit">
            {t("market.buySubmit")}
          </ActionButton>
        </ButtonRow>
        <TransactionNote transaction={buying.phase !== "idle" ? buying : usdtApproval.transaction} />
      </Card>
    </>
  );
}

export default function ExchangeMvPage({ query }: PageProps) {
  return (
    <Page title="titles.exchangeMV">
      <Stack testId="page-exchangeMV" stype={query.stype}>
        <RequireWallet>{(account) => <MarketForms account={account} />}</RequireWallet>
      </Stack>
    </Page>
  );
}
