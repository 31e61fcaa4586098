/**
 * My Earnings' claims over time (docs/decisions/charts.md): USD claimed each UTC day, and claimed
 * in all, from the indexer's sums per member and day (never the claims themselves: an account may
 * have thousands). Calm when there is nothing to draw: no claim yet, or history unavailable.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { Card } from "@/components/ui";
import { formatAmount } from "@/lib/format/format";
import { readClaimDay, type ClaimDayRow } from "@/lib/history/history";
import { useHistorySeries } from "@/lib/history/use-history-series";
import { ChartPlaceholder, drawnAmount, TimeChart, useUtcTimeText, type ChartSeries } from "@/widgets/time-chart";

import { CapProgress } from "./cap-progress";

/** Days read at most: ten pages of 100, more than two and a half years of daily claims. */
const DAY_PAGES = 10;


/** Each day's USD, and the running total, oldest first. */
export function claimedSeries(days: readonly ClaimDayRow[]): { day: bigint[]; total: bigint[] } {
  let sum = 0n;
  return { day: days.map((day) => day.usdValue), total: days.map((day) => (sum += day.usdValue)) };
}

/** The card: the records' progress toward 3x (from the chain), then the claims by day (from the indexer). */
export function ClaimsChart({ account, earned, className }: { account: string; earned: bigint | undefined; className?: string }) {
  const { t } = useTranslation(["pages", "activity"]);
  const { rows, status } = useHistorySeries(`/accounts/${account}/claims/days`, readClaimDay, DAY_PAGES);
  const times = useMemo(() => rows.map((day) => day.start), [rows]);
  const series = useMemo((): ChartSeries[] => {
    const { day, total } = claimedSeries(rows);
    return [
      { label: t("profile.chart.total"), values: total.map(drawnAmount), kind: "line", scale: "total", text: (value) => value.toFixed(2) },
      { label: t("profile.chart.day"), values: day.map(drawnAmount), kind: "bars", scale: "day", text: (value) => value.toFixed(2) },
    ];
  }, [rows, t]);
  const timeText = useUtcTimeText(false);

  const claims = rows.reduce((sum, day) => sum + day.claims, 0);
  const usd = rows.reduce((sum, day) => sum + day.usdValue, 0n);
  const acb = rows.reduce((sum, day) => sum + day.acbAmount, 0n);
  return (
    <Card title={t("profile.chart.title")} className={className}>
      <CapProgress account={account} earned={earned} />
      {rows.length > 0 ? (
        <TimeChart
          times={times}
          series={series}
          summary={t("profile.chart.summary", { count: claims, usd: formatAmount(usd, 2), acb: formatAmount(acb, 4) })}
          tableCaption={t("profile.chart.table")}
          timeHeading={t("profile.chart.time")}
          timeText={timeText}
        />
      ) : (
        <ChartPlaceholder status={status} empty={t("activity:history.noClaims")} />
      )}
    </Card>
  );
}
