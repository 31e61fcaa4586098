/**
 * What the terms page lists: the terms in force, by what they govern (revenue, team and levels,
 * reward pools, prices and treasury, the MV market, the exchange's daily limits, and governance:
 * who owns the product, its admin, the delay a change waits and when a scheduled one expires);
 * the changes queued against them, from what is in force to what they set and when; and the
 * changes made before, each with what became of it. The terms come from the chain (one batch);
 * what is queued, past and who the admin is, from the indexer: without it, one calm line says so.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { SWAP_ROUTES } from "@product";

import { Card, Empty, Loading, Note, Stat } from "@/components/ui";
import { changeOf } from "@/lib/governance/changes";
import { appliedOf, percent, type Formats } from "@/lib/governance/describe";
import { PAST_OPERATIONS, ROLES, readOperation, readRoleMember, type Operation } from "@/lib/governance/operations";
import { ownersOf, routeTerms, useCurrentTerms, useMemberAccess, type CurrentTerms } from "@/lib/governance/terms";
import { whenText } from "@/lib/format/time-zone";
import { formatAmount, formatTime, groupDigits, sameAddress } from "@/lib/format/format";
import { useHistory } from "@/lib/history/use-history";
import { AddressLink } from "@/widgets/address-link";
import { QueuedList, Say, useFormats, useQueued, type QueuedItem } from "@/widgets/governance-notices";
import { HistoryFooter, HistoryItem, historyListStyles } from "@/widgets/history-list";

import styles from "./terms-content.module.css";

const rates = (values: readonly bigint[]) => values.map(percent).join(" / ");
const wholes = (values: readonly bigint[]) => values.map((value) => groupDigits(value)).join(" / ");

/** A figure of the terms, a placeholder until they are read. */
const shown = (terms: CurrentTerms | undefined, value: (terms: CurrentTerms) => ReactNode) => (terms ? value(terms) : <Loading />);

function InForce({ terms, formats }: { terms: CurrentTerms | undefined; formats: Formats }) {
  const { t, i18n } = useTranslation("governance");
  const { duration } = formats;
  const guard = (stepBps: bigint, delay: bigint) => t("terms.guard", { step: percent(stepBps), delay: duration(delay) });
  const announced = terms && terms.pendingPriceGuard.effectiveAt > 0n ? terms.pendingPriceGuard : undefined;
  return (
    <>
      <Card title={t("terms.revenue")} className={styles.figures}>
        <Stat label={t("terms.dailyRate")} value={shown(terms, (now) => percent(now.dailyRateBps))} />
        <Stat label={t("terms.preaching")} value={shown(terms, (now) => rates(now.preachingRatesBps))} />
        <Stat label={t("terms.claimInterval")} value={shown(terms, (now) => duration(now.claimInterval))} />
      </Card>
      <Card title={t("terms.team")} className={styles.figures}>
        <Stat label={t("terms.generations")} value={shown(terms, (now) => groupDigits(now.maxGenerations))} />
        <Stat label={t("terms.vipThresholds")} value={shown(terms, (now) => wholes(now.vipThresholds))} />
        <Stat label={t("terms.vipRates")} value={shown(terms, (now) => rates(now.vipRatesBps))} />
        <Stat label={t("terms.sLevels")} value={shown(terms, (now) => wholes(now.sLevelDirects))} />
      </Card>
      <Card title={t("terms.pools")} className={styles.figures}>
        <Stat label={t("terms.luckyShare")} value={shown(terms, (now) => percent(now.poolConfig.luckyShareBps))} />
        <Stat label={t("terms.maxShare")} value={shown(terms, (now) => percent(now.poolConfig.maxShareBps))} />
        <Stat label={t("terms.luckyDuration")} value={shown(terms, (now) => duration(now.poolConfig.luckyDuration))} />
        <Stat label={t("terms.roundDuration")} value={shown(terms, (now) => duration(now.poolConfig.roundDuration))} />
      </Card>
      <Card title={t("terms.prices")} className={styles.figures}>
        <Stat label={t("terms.priceGuard")} value={shown(terms, (now) => guard(now.priceGuard.stepBps, now.priceGuard.delay))} />
        {announced && (
          <Stat
            label={t("terms.guardAnnounced")}
            value={t("terms.guardFrom", { guard: guard(announced.stepBps, announced.delay), ...whenText(Number(announced.effectiveAt), i18n.language) })}
          />
        )}
        <Stat label={t("terms.treasury")} value={shown(terms, (now) => <AddressLink address={now.treasury} />)} />
      </Card>
      <Card title={t("terms.market")} className={styles.figures}>
        <Stat label={t("terms.minOrder")} value={shown(terms, (now) => `${formatAmount(now.minOrder, 4)} MV`)} />
        <Stat label={t("terms.maxFills")} value={shown(terms, (now) => groupDigits(now.maxFillsPerBuy))} />
      </Card>
      <Card title={t("terms.exchange")} className={styles.figures}>
        {SWAP_ROUTES.map((route) => (
          <Stat
            key={route.id}
            label={t("terms.route", { tokenIn: route.tokenIn, tokenOut: route.tokenOut })}
            value={shown(terms, (now) => {
              const limit = routeTerms(now, route.id).dailyLimitUsd;
              return limit === 0n ? t("changes.noLimit") : `${formatAmount(limit, 2)} USD`;
            })}
          />
        ))}
      </Card>
    </>
  );
}

/** Who owns the product, its admin, how long a change waits and when a scheduled one expires. */
function Governance({ terms, formats }: { terms: CurrentTerms | undefined; formats: Formats }) {
  const { t, i18n } = useTranslation("governance");
  const roles = useHistory(ROLES, readRoleMember);
  const admin = roles.items.find((member) => member.roleId === 0n)?.account ?? null;
  const { access } = useMemberAccess(0n, admin);
  const owners = terms ? ownersOf(terms) : [];
  // The manager owns all five; one that another address owns is named apart.
  const manager = owners.find((entry) => entry.contract === "Main")?.owner;
  const [, currentDelay, pendingDelay, effect] = access ?? [];
  return (
    <Card title={t("terms.governance")} className={styles.figures}>
      <Stat label={t("terms.manager")} value={manager ? <AddressLink address={manager} /> : <Loading />} />
      {owners
        .filter((entry) => manager && !sameAddress(entry.owner, manager))
        .map((entry) => (
          <Stat key={entry.contract} label={t("terms.ownedBy", { contract: entry.contract })} value={<AddressLink address={entry.owner} />} />
        ))}
      {/* The admin is known from history (the manager lists no role's members); without it, a dash. */}
      <Stat label={t("terms.admin")} value={admin ? <AddressLink address={admin} /> : roles.status === "loading" ? <Loading /> : "—"} />
      {admin && <Stat label={t("terms.delay")} value={currentDelay === undefined ? <Loading /> : formats.duration(currentDelay)} />}
      {pendingDelay !== undefined && effect !== undefined && effect > 0n && (
        <Note>{t("terms.delayChange", { delay: formats.duration(pendingDelay), ...whenText(Number(effect), i18n.language) })}</Note>
      )}
      <Stat label={t("terms.expiration")} value={shown(terms, (now) => formats.duration(now.expiration))} />
    </Card>
  );
}

function Queued({ items, loading }: { items: readonly QueuedItem[]; loading: boolean }) {
  const { t } = useTranslation("governance");
  return <Card title={t("terms.queued")}>{loading ? <Loading /> : items.length === 0 ? <Empty>{t("terms.noneQueued")}</Empty> : <QueuedList items={items} />}</Card>;
}

function PastChange({ operation, formats }: { operation: Operation; formats: Formats }) {
  const { t, i18n } = useTranslation("governance");
  const closed = operation.closedTime === null ? "" : formatTime(new Date(operation.closedTime * 1000), i18n.language, "short");
  return (
    <HistoryItem time={operation.closedTime ?? operation.time} txHash={operation.closedTxHash ?? operation.txHash}>
      {appliedOf(changeOf(operation), formats).map((sentence, index) => (
        <span key={index} className={styles.line}>
          <Say sentence={sentence} />
        </span>
      ))}
      <span className={styles.status}>{t(`terms.status.${operation.status}`, { time: closed })}</span>
    </HistoryItem>
  );
}

function Past({ formats }: { formats: Formats }) {
  const { t } = useTranslation("governance");
  const past = useHistory(PAST_OPERATIONS, readOperation);
  // Without the indexer the page's one line says so (TermsContent); a second would repeat it.
  if (past.status === "unavailable") return null;
  return (
    <Card title={t("terms.past")}>
      <ol className={`plain-list ${historyListStyles.list}`}>
        {past.items.map((operation) => (
          <PastChange key={operation.id} operation={operation} formats={formats} />
        ))}
      </ol>
      <HistoryFooter list={past} empty={t("terms.nonePast")} />
    </Card>
  );
}

export function TermsContent() {
  const { t } = useTranslation("governance");
  const formats = useFormats();
  const { data: terms } = useCurrentTerms();
  const queued = useQueued("terms");
  return (
    <>
      <Note>{t("terms.intro")}</Note>
      {queued.status === "unavailable" ? <Note>{t("terms.unavailable")}</Note> : <Queued items={queued.items} loading={queued.status === "loading"} />}
      <InForce terms={terms} formats={formats} />
      <Governance terms={terms} formats={formats} />
      <Past formats={formats} />
    </>
  );
}
