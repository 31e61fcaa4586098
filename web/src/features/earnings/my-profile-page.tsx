import { useTranslation } from "react-i18next";

import { ActionButton, PREPARING } from "@/components/action-button";
import { RefusalNote } from "@/components/form";
import { Stack } from "@/components/stack";
import { Card, Loading, Note, Stat, StatGrid } from "@/components/ui";
import { useToleranceBps } from "@/lib/contracts/tolerance";
import { useChainNow } from "@/lib/contracts/chain-clock";
import { formatAmount, formatCountdown } from "@/lib/format/format";
import { useEarnings } from "@/lib/product-api/use-earnings";
import type { PageProps } from "@/lib/routing/page-props";
import { useSpendingFlow } from "@/lib/spending/use-spending-flow";
import { AddTokenButton } from "@/widgets/add-token-button";
import { withAddressLinks } from "@/widgets/address-text";
import { BoundStat } from "@/widgets/bound";
import { QueuedChanges, ReserveCoverage } from "@/widgets/governance";
import { OutBacklog } from "@/widgets/out-backlog";
import { Page } from "@/widgets/page";
import { RequireWallet } from "@/widgets/require-wallet";
import { TransactionNote } from "@/widgets/transaction-note";

import { useClaimAction } from "./api/use-claim-action";
import { useClaimTerms } from "./api/use-claim-terms";
import { acbFor, claiming } from "./claim";
import { ClaimHistory } from "./claim-history";
import { ClaimsChart } from "./claims-chart";
import styles from "./my-profile-page.module.css";

const usd = (value: bigint | undefined) => (value === undefined ? <Loading /> : `${formatAmount(value, 4)} USD`);

function Earnings({ account }: { account: string }) {
  const { t } = useTranslation(["pages", "common", "errors"]);
  const now = useChainNow();
  const claim = useClaimAction();
  const earningsRead = useEarnings(account);
  const { earnings } = earningsRead;
  const terms = useClaimTerms(account);
  const { acbPrice, settler, claimableUsd, coverage } = terms;
  const nextClaimAt = earnings ? Number(earnings.nextClaimAt) : 0;
  const wait = nextClaimAt - now;

  // Never more than what the page shows waiting (the two are read in one batch, at one block).
  const payable = earnings && claimableUsd !== undefined ? (claimableUsd < earnings.totalWaiting ? claimableUsd : earnings.totalWaiting) : undefined;
  const acbForWaiting = payable !== undefined && acbPrice ? acbFor(payable, acbPrice) : undefined;
  const toleranceBps = useToleranceBps();
  const flow = useSpendingFlow(
    claiming,
    { totalWaiting: earnings?.totalWaiting, nextClaimAt: earnings ? nextClaimAt : undefined, acbPrice, claimableUsd: payable, now, toleranceBps },
    // After the user's own transaction (records processed, a claim) the figures are read again: a
    // Claim pressed meanwhile is judged on the new ones, not refused or let through on the old.
    { reading: earningsRead.refreshing || terms.refreshing },
  );
  const claimRevenue = async () => {
    const quote = await flow.press(false);
    if (quote) await claim.run(...quote.args);
  };
  const preaching = [t("profile.preachingFirst"), t("profile.preachingSecond"), t("profile.preachingThird")];
  return (
    <>
      {/* What the owner has queued against these figures (the daily rate, preaching rates, the
          claim interval, the levels and generations of dynamic revenue), with what it does to
          this member's daily revenue. */}
      <QueuedChanges scope="earnings" viewer={{ activeValue: earnings?.activeValue }} />
      <Card>
        <Stat label={t("profile.acbPrice")} value={usd(acbPrice)} />
        <Stat label={t("profile.machineRevenue")} value={usd(earnings?.machineTotal)} />
        <Stat label={t("profile.waitingRevenue")} value={usd(earnings?.machineWaiting)} />
        <Stat label={t("profile.receivedRevenue")} value={usd(earnings?.machineReceived)} />
        <Stat label={t("profile.dynamicRevenue")} value={usd(earnings?.dynamicWaiting)} />
        <Stat label={t("profile.dynamicReceived")} value={usd(earnings?.dynamicReceived)} />
      </Card>
      {preaching.map((title, generation) => (
        <Card key={title} title={title}>
          <StatGrid>
            <Stat label={t("profile.received")} value={usd(earnings?.preachingReceived[generation])} />
            <Stat label={t("profile.waiting")} value={usd(earnings?.preachingWaiting[generation])} />
          </StatGrid>
        </Card>
      ))}
      <Card>
        <Stat label={t("profile.totalWaiting")} value={usd(earnings?.totalWaiting)} emphasis />
        <ReserveCoverage coverage={coverage} />
        {acbForWaiting !== undefined && (
          <Note>{settler ? withAddressLinks((marks) => t("profile.paidTo", { amount: formatAmount(acbForWaiting, 4), ...marks }), { address: settler }) : t("profile.paidTo", { amount: formatAmount(acbForWaiting, 4), address: "" })}</Note>
        )}
        {acbForWaiting !== undefined && acbForWaiting > 0n && <BoundStat kind="receiveAtLeast" value={flow.evaluation.quote?.args[0]} symbol="ACB" />}
        {earnings && payable !== undefined && payable < earnings.totalWaiting && (
          <Note>{t("profile.paidInPart", { amount: formatAmount(payable, 4) })}</Note>
        )}
        <AddTokenButton token="ACB" />
        {/* A fact, not a fault: the interval after a claim is neutral; red is kept for what the user did. */}
        {earnings && wait > 0 && (
          <Note>
            <span>{t("profile.nextClaimIn", { time: formatCountdown(wait) })}</span>
          </Note>
        )}
        {earnings?.totalWaiting === 0n && wait <= 0 && <Note>{t("profile.nothingWaiting")}</Note>}
        <ActionButton transaction={flow.preparing ? PREPARING : claim} onClick={() => void claimRevenue()} disabled={acbForWaiting === undefined}>
          {t("profile.claimRevenue")}
        </ActionButton>
        <RefusalNote message={flow.refusal} />
        <TransactionNote transaction={claim} />
        {earnings?.outBacklog && <OutBacklog account={account} />}
      </Card>
      <ClaimsChart account={account} earned={earnings?.machineTotal} className={styles.chart} />
      <ClaimHistory account={account} className={styles.history} />
    </>
  );
}

export default function MyProfilePage({ query }: PageProps) {
  return (
    <Page title="titles.myProfile">
      <Stack testId="page-myProfile" stype={query.stype} layout="panes" className={styles.panes}>
        <RequireWallet>{(account) => <Earnings account={account} />}</RequireWallet>
      </Stack>
    </Page>
  );
}
