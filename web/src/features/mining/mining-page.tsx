import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router-dom";

import { SYNTHESIS_TOKENS, type SynthesisToken } from "@product";

import { Link } from "@/components/link";
import { Field } from "@/components/form";
import { addresses } from "@/config/addresses";
import { TokenAmount } from "@/components/tokens";
import { Stack } from "@/components/stack";
import { Card, Loading, Note, Stat } from "@/components/ui";
import { useToleranceBps } from "@/lib/contracts/tolerance";
import { formatAmount, groupDigits } from "@/lib/format/format";
import { useEarnings } from "@/lib/product-api/use-earnings";
import { usePools } from "@/lib/product-api/use-pools";
import { useTokenHoldings } from "@/lib/product-api/use-token-holdings";
import { href } from "@/lib/routing/href";
import type { PageProps } from "@/lib/routing/page-props";
import { MINING_PATHS, miningTokenOf } from "@/lib/routing/paths";
import { ApproveThenActControls, BalanceAndAllowance, useApproveThenAct } from "@/widgets/approve-then-act";
import { BoundStat } from "@/widgets/bound";
import { NotRegisteredNote } from "@/widgets/membership";
import { MergeRecordList } from "@/widgets/merge-records";
import { OutBacklog } from "@/widgets/out-backlog";
import { Page, usePageTitle } from "@/widgets/page";
import { QueuedChanges } from "@/widgets/governance";
import { PendingPrice } from "@/widgets/pending-price";
import { RequireWallet } from "@/widgets/require-wallet";

import { useSynthesisAccount } from "./api/use-synthesis-account";
import { useSynthesisRule } from "./api/use-synthesis-rule";
import { useSynthesizeAction } from "./api/use-synthesize-action";
import { synthesis, type Rule } from "./synthesis";
import type { Backing } from "./api/use-synthesis-rule";
import { synthesisCost } from "./synthesis-cost";
import styles from "./mining-page.module.css";

function TokenChooser({ current, prominent }: { current: SynthesisToken; prominent: boolean }) {
  const { t } = useTranslation("pages");
  const selected = useRef<HTMLAnchorElement>(null);
  // The chosen token is in view even when it is the last of the row (USDC, ZYB on a phone).
  useEffect(() => {
    selected.current?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [current]);
  return (
    <nav aria-label={t("mining.chooseToken")} className={`${prominent ? styles.chooserLarge : styles.chooser} ${styles.across}`}>
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

/** Revenue's promise beyond its reserve, said before a member synthesises (docs/product/contracts.md §6). */
function Shortfall({ backing }: { backing: Backing | undefined }) {
  const { t } = useTranslation("pages");
  if (!backing || backing.shortfallUsd === 0n) return null;
  return <Note>{t("mining.shortfall", { reserve: formatAmount(backing.reserveUsd, 2), promised: formatAmount(backing.promisedUsd, 2) })}</Note>;
}

function RuleCard({
  token,
  rule,
  pendingPrice,
  backing,
}: {
  token: SynthesisToken;
  rule: Rule | undefined;
  pendingPrice: readonly [bigint, bigint] | undefined;
  backing: Backing | undefined;
}) {
  const { t } = useTranslation("pages");
  const { lucky, max } = usePools();
  return (
    <Card className={styles.terms}>
      <Stat label={t("mining.lowest")} value={rule ? `${groupDigits(rule.minimum)} ${t("units.hashrate")}` : <Loading />} />
      <Stat label={t("mining.multiple")} value={rule ? groupDigits(rule.multiple) : <Loading />} />
      <Stat
        label={t("mining.unitCost")}
        value={rule ? `${formatAmount(synthesisCost(1n, rule.price), 6)} ${token}` : <Loading />}
      />
      <PendingPrice pending={pendingPrice} symbol={token} />
      <Shortfall backing={backing} />
      <Stat label={t("home.luckyPool")} value={<TokenAmount value={lucky?.amount} symbol="USDT" />} />
      <Stat label={t("home.maxPool")} value={<TokenAmount value={max?.amount} symbol="USDT" />} />
    </Card>
  );
}

function SynthesisForm({ token, account, rule }: { token: SynthesisToken; account: string; rule: Rule | undefined }) {
  const { t } = useTranslation(["pages", "common", "errors"]);
  const holdings = useTokenHoldings(token, account, "Main");
  const member = useSynthesisAccount(account);
  const earningsRead = useEarnings(account);
  const { earnings } = earningsRead;
  const backlog = earnings?.outBacklog === true;
  const synthesize = useSynthesizeAction(token, rule?.maxHashrate);
  const toleranceBps = useToleranceBps();
  const facts = { token, rule, registered: member.registered, outBacklog: earnings?.outBacklog, toleranceBps };
  const flow = useApproveThenAct(synthesis, facts, {
    token,
    spender: "Main",
    holdings,
    transaction: synthesize,
    reading: member.refreshing || earningsRead.refreshing,
  });
  const { field } = flow;
  const spends = flow.spending.evaluation.quote?.spends;
  const cost = spends?.amount;

  return (
    <>
      <Card className={styles.form}>
        <BalanceAndAllowance token={token} balance={holdings.balance} allowance={holdings.allowance} />
        <Field
          label={t("mining.hashrate")}
          {...field.inputProps}
          inputMode="numeric"
          placeholder={rule ? t("mining.multipleHint", { multiple: Number(rule.multiple) }) : ""}
        />
        <Stat label={t("mining.cost")} value={cost === undefined ? "—" : `${formatAmount(cost, 6)} ${token}`} emphasis />
        <BoundStat kind="payAtMost" value={spends?.mayTake} symbol={token} />
        {member.registered === false && <NotRegisteredNote />}
        {backlog && <OutBacklog account={account} />}
        <ApproveThenActControls flow={flow} ready={Boolean(rule && holdings.data && member.data && earnings)}>
          {t("mining.confirm")}
        </ApproveThenActControls>
      </Card>
      <Card className={styles.records} title={t("mining.records")} action={<Link to={href("/pages/machineRecord/machineRecord")}>{t("mining.viewAll")}</Link>}>
        {member.records ? <MergeRecordList records={member.records} /> : <Loading />}
      </Card>
    </>
  );
}

export default function MiningPage({ query }: PageProps) {
  const { pathname } = useLocation();
  const title = usePageTitle();
  const token = miningTokenOf(pathname);
  const choosing = query.stype === "choose";
  const { rule, pendingPrice, backing } = useSynthesisRule(token);
  return (
    <Page title={choosing ? "titles.mining" : title}>
      <Stack testId="page-mining" stype={query.stype} layout="panes" className={styles.panes}>
        <TokenChooser current={token} prominent={choosing} />
        {!choosing && (
          <>
            <RequireWallet>{(account) => <SynthesisForm key={token} token={token} account={account} rule={rule} />}</RequireWallet>
            <RuleCard token={token} rule={rule} pendingPrice={pendingPrice} backing={backing} />
            {/* Beside the form with the terms: the pools, the treasury, this token's rule and price, the guard. */}
            <QueuedChanges scope="mining" focus={{ tokens: [addresses[token]], holder: "Main" }} className={styles.terms} />
          </>
        )}
      </Stack>
    </Page>
  );
}
