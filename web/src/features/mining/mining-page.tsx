import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";

import { ApproveThenActControls, useApproveThenAct } from "@/components/approve-then-act";
import { BoundStat } from "@/components/bound";
import { formatAmount } from "@/components/format";
import { Field, useFieldCheck } from "@/components/form";
import { NotRegisteredNote } from "@/components/membership";
import { MergeRecordList } from "@/components/merge-records";
import { OutBacklog } from "@/components/out-backlog";
import { PendingPrice } from "@/components/pending-price";
import { Page } from "@/components/page";
import { RequireWallet } from "@/components/require-wallet";
import { AllowanceAmount, TokenAmount } from "@/components/tokens";
import { Card, Loading, Stack, Stat } from "@/components/ui";
import { addresses } from "@/config/addresses";
import { SYNTHESIS_TOKENS, type SynthesisToken } from "@/config/contract-names";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { atMost } from "@/lib/contracts/tolerance";
import { useChainQuery } from "@/lib/contracts/use-chain-query";
import { href } from "@/lib/routing/href";
import type { PageProps } from "@/lib/routing/page-props";
import { MINING_PATHS, miningTokenOf } from "@/lib/routing/paths";

import { checkHashrate, synthesisCost, type Rule } from "./synthesis";
import styles from "./mining-page.module.css";

const TITLES = {
  X: "titles.miningX",
  USDT: "titles.miningUsdt",
  ACB: "titles.miningAcb",
  USDX: "titles.miningUsdx",
  FTB: "titles.miningFtb",
  USDC: "titles.miningUsdc",
  ZYB: "titles.miningZyb",
} as const satisfies Record<SynthesisToken, string>;

function TokenChooser({ current, prominent }: { current: SynthesisToken; prominent: boolean }) {
  const { t } = useTranslation("pages");
  const selected = useRef<HTMLAnchorElement>(null);
  // The chosen token is in view even when it is the last of the row (USDC, ZYB on a phone).
  useEffect(() => {
    selected.current?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [current]);
  return (
    <nav aria-label={t("mining.chooseToken")} className={prominent ? styles.chooserLarge : styles.chooser} data-testid="token-chooser">
      {prominent && <p className={styles.chooserTitle}>{t("mining.chooseToken")}</p>}
      <div className={styles.tokens}>
        {SYNTHESIS_TOKENS.map((token) => {
          const isCurrent = token === current && !prominent;
          return (
            <Link
              key={token}
              ref={isCurrent ? selected : undefined}
              to={href(MINING_PATHS[token])}
              className={isCurrent ? styles.current : styles.token}
              aria-current={isCurrent ? "page" : undefined}
            >
              {token}
            </Link>
          );
        })}
      </div>
    </nav>
  );
}

/** The token's rule, for everyone: the multiple, the lowest hashrate and what one unit costs. */
function useRule(token: SynthesisToken) {
  const { data } = useChainQuery(`mining:rule:${token}`, () => [
    read(contracts.main, "tokenRule", addresses[token]),
    read(contracts.main, "pendingPrice", addresses[token]),
  ]);
  const [rule, pending] = data ?? [];
  return { rule: rule as Rule | undefined, pending };
}

function RuleCard({ token, rule, pending }: { token: SynthesisToken; rule: Rule | undefined; pending: readonly [bigint, bigint] | undefined }) {
  const { t } = useTranslation("pages");
  const { data } = useChainQuery("mining:pools", () => [read(contracts.main, "luckyPool"), read(contracts.main, "maxPool")]);
  const [lucky, max] = data ?? [];
  return (
    <Card testId="synthesis-rule">
      <Stat label={t("mining.lowest")} value={<span data-testid="lowest">{rule ? `${rule.minimum.toLocaleString("en-US")} ${t("units.hashrate")}` : <Loading />}</span>} />
      <Stat label={t("mining.multiple")} value={<span data-testid="multiple">{rule ? rule.multiple.toLocaleString("en-US") : <Loading />}</span>} />
      <Stat
        label={t("mining.unitCost")}
        value={<span data-testid="unit-cost">{rule ? `${formatAmount(synthesisCost(1n, rule.price), 6)} ${token}` : <Loading />}</span>}
      />
      <PendingPrice pending={pending} symbol={token} />
      <Stat label={t("home.luckyPool")} value={<TokenAmount value={lucky?.amount} symbol="USDT" testId="mining-lucky-pool" />} />
      <Stat label={t("home.maxPool")} value={<TokenAmount value={max?.amount} symbol="USDT" testId="mining-max-pool" />} />
    </Card>
  );
}

function SynthesisForm({ token, account, rule }: { token: SynthesisToken; account: string; rule: Rule | undefined }) {
  const { t } = useTranslation(["pages", "common", "errors"]);
  const { data: mine } = useChainQuery(`mining:${token}:${account}`, () => [
    read(contracts.tokens[token], "balanceOf", account),
    read(contracts.tokens[token], "allowance", account, addresses.Main),
    read(contracts.community, "isRegistered", account),
    read(contracts.main, "recordsOf", account, 0n, 5n),
    read(contracts.revenue, "earningsOf", account),
  ]);
  const [balance, allowance, registered, records, earnings] = mine ?? [];
  const backlog = earnings?.outBacklog === true;
  // Until the rule is read nothing can be checked, and the buttons wait (ready below).
  const field = useFieldCheck((text) => (rule ? checkHashrate(text, rule, token, balance) : { problem: { key: "common:loading.figures" } }));
  const cost = field.value !== undefined && rule ? synthesisCost(field.value, rule.price) : undefined;
  // What the user agrees to pay at most: the cost shown plus the tolerance. It is also what is
  // authorised, so a price step while the wallet is open cannot fail on the allowance.
  const maxCostOf = (hashrate: bigint) => atMost(synthesisCost(hashrate, rule!.price));
  const flow = useApproveThenAct({
    token,
    spender: "Main",
    field,
    spends: maxCostOf,
    allowance,
    precheck: () => (registered === false ? { key: "errors:notRegistered" } : backlog ? { key: "errors:outBacklog" } : undefined),
    send: (hashrate) => (c) => c.main.synthesize(addresses[token], hashrate, maxCostOf(hashrate)),
    messages: { success: "common:messages.purchaseSuccessful", failure: "errors:purchaseFailed", token },
    onDone: field.clear,
  });

  return (
    <>
      <Card testId="synthesis-form">
        <Stat label={t("mining.balance")} value={<TokenAmount value={balance} symbol={token} testId="token-balance" />} />
        <Stat label={t("mining.authorized")} value={<AllowanceAmount value={allowance} symbol={token} testId="token-allowance" />} />
        <Field
          label={t("mining.hashrate")}
          value={field.text}
          onChange={field.setText}
          inputMode="numeric"
          placeholder={rule ? t("mining.multipleHint", { multiple: Number(rule.multiple) }) : ""}
          error={field.error}
          testId="hashrate-input"
        />
        <Stat label={t("mining.cost")} value={<span data-testid="cost">{cost === undefined ? "—" : `${formatAmount(cost, 6)} ${token}`}</span>} emphasis />
        <BoundStat kind="payAtMost" value={cost === undefined ? undefined : atMost(cost)} symbol={token} testId="max-cost" />
        {registered === false && <NotRegisteredNote />}
        {backlog && <OutBacklog account={account} />}
        <ApproveThenActControls flow={flow} ready={Boolean(rule && mine)} testId="confirm-synthesis">
          {t("mining.confirm")}
        </ApproveThenActControls>
      </Card>
      <Card title={t("mining.records")} action={<Link to={href("/pages/machineRecord/machineRecord")}>{t("mining.viewAll")}</Link>}>
        {records ? <MergeRecordList records={records} /> : <Loading />}
      </Card>
    </>
  );
}

export default function MiningPage({ query }: PageProps) {
  const { pathname } = useLocation();
  const token = miningTokenOf(pathname);
  const choosing = query.stype === "choose";
  const { rule, pending } = useRule(token);
  return (
    <Page title={choosing ? "titles.mining" : TITLES[token]}>
      <Stack testId="page-mining" stype={query.stype}>
        <TokenChooser current={token} prominent={choosing} />
        {!choosing && (
          <>
            <RequireWallet>{(account) => <SynthesisForm key={token} token={token} account={account} rule={rule} />}</RequireWallet>
            <RuleCard token={token} rule={rule} pending={pending} />
          </>
        )}
      </Stack>
    </Page>
  );
}
