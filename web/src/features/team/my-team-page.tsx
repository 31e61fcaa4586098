import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { Pager, usePager } from "@/components/pager";
import { Figure } from "@/components/tokens";
import { Card, Empty, Loading, Note, Stat, StatGrid } from "@/components/ui";
import { Stack } from "@/components/stack";
import { formatTime, groupDigits } from "@/lib/format/format";
import { nextUtcMidnightLocal } from "@/lib/format/time-zone";
import { useMemberInfo } from "@/lib/product-api/use-member-info";
import type { PageProps } from "@/lib/routing/page-props";
import { AddressLink } from "@/widgets/address-link";
import { QueuedChanges } from "@/widgets/governance";
import { Page } from "@/widgets/page";
import { RequireWallet } from "@/widgets/require-wallet";

import { useDirectMembers } from "./api/use-direct-members";
import { useJoinDates } from "./join-dates";
import styles from "./my-team-page.module.css";

const PAGE_SIZE = 10;

function Team({ account }: { account: string }) {
  const { t, i18n } = useTranslation(["pages", "activity"]);
  const { info } = useMemberInfo(account);
  // The chain's day ends at 00:00 UTC; the notes say when that is on the user's clock.
  const dayBoundary = nextUtcMidnightLocal(i18n.language);
  const pager = usePager(Number(info?.directCount ?? 0n), PAGE_SIZE);
  const { directs } = useDirectMembers(info ? account : null, pager.offset, PAGE_SIZE);
  const accounts = useMemo(() => directs?.map((row) => row.account), [directs]);
  const joined = useJoinDates(accounts);
  const joinedText = (member: string) => {
    const time = joined.joinedAt(member);
    return time === undefined ? undefined : formatTime(new Date(time * 1000), i18n.language, "short");
  };
  return (
    <>
      {/* Levels, generations and preaching rates the owner has queued, with the member's VIP level under them. */}
      <QueuedChanges scope="team" viewer={{ teamPerformance: info?.teamPerformance, teamPerformanceToday: info?.teamPerformanceToday }} />
      <Card className={styles.summary}>
        <StatGrid>
          <Stat label={t("team.myCommunity")} value={<Figure value={info?.teamSize} unit="members" />} />
          <Stat label={t("team.directCount")} value={<Figure value={info?.directCount} unit="members" />} />
          <Stat label={t("team.myPerformance")} value={<Figure value={info?.performance} unit="hashrate" />} />
          <Stat label={t("team.teamPerformance")} value={<Figure value={info?.teamPerformance} unit="hashrate" />} />
          <Stat label={t("team.vipLevel")} value={info ? `V${info.vipLevel}` : <Loading />} />
          <Stat label={t("team.sLevel")} value={info ? `S${info.sLevel}` : <Loading />} />
        </StatGrid>
        {info && info.teamPerformanceToday > 0n && <Note>{t("team.todayGain", { amount: groupDigits(info.teamPerformanceToday), local: dayBoundary })}</Note>}
        <Note>{t("team.vipRefresh", { local: dayBoundary })}</Note>
        {info && !info.registered && <Note tone="danger">{t("links.notRegistered")}</Note>}
      </Card>
      <Card title={t("team.walletPerformance")}>
        {directs === undefined ? (
          info?.directCount === 0n ? (
            <Empty>{t("team.noMembers")}</Empty>
          ) : (
            <Loading />
          )
        ) : directs.length === 0 ? (
          <Empty>{t("team.noMembers")}</Empty>
        ) : (
          <div className={styles.room}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>{t("team.wallet")}</th>
                  <th>
                    {t("team.performance")} <span className="unit">({t("units.hashrate")})</span>
                  </th>
                  <th>
                    {t("team.teamColumn")} <span className="unit">({t("units.hashrate")})</span>
                  </th>
                  <th>{t("team.level")}</th>
                  <th className={styles.joined}>{t("activity:history.joined")}</th>
                </tr>
              </thead>
              <tbody>
                {directs.map((row) => {
                  const date = joinedText(row.account);
                  return (
                    <tr key={row.account}>
                      <td>
                        <AddressLink address={row.account} />
                        {/* A phone has no room for a fifth column: the date goes under the address. */}
                        {date && (
                          <span className={styles.joinedUnder}>
                            <span className="visually-hidden">{t("activity:history.joined")}: </span>
                            {date}
                          </span>
                        )}
                      </td>
                      <td>{groupDigits(row.performance)}</td>
                      <td>{groupDigits(row.teamPerformance)}</td>
                      <td>V{row.vipLevel}</td>
                      <td className={styles.joined}>{date ?? "—"}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {directs && directs.length > 0 && joined.status === "unavailable" && <Note>{t("activity:history.unavailable")}</Note>}
        <Pager pager={pager} />
      </Card>
    </>
  );
}

export default function MyTeamPage({ query }: PageProps) {
  return (
    <Page title="titles.myTeam">
      <Stack testId="page-myTeam" stype={query.stype} layout="wide">
        <RequireWallet>{(account) => <Team account={account} />}</RequireWallet>
      </Stack>
    </Page>
  );
}
