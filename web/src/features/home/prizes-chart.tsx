/**
 * Home's prizes of both pools over past rounds (docs/decisions/charts.md): each round's prize
 * (USDT) at the time it was settled, a line per pool, from the indexer's winners lists. Part of
 * "Past winners" (./past-winners.tsx), so it loads when the user asks for them: the home route's
 * first download does without it. Calm with no round yet, or without the indexer.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { formatAmount } from "@/lib/format/format";
import { readPoolWin, type Bucket } from "@/lib/history/history";
import { useHistorySeries } from "@/lib/history/use-history-series";
import { ChartPlaceholder, drawnAmount, TimeChart, useUtcTimeText, type ChartSeries } from "@/widgets/time-chart";

/** Rounds read of each pool at most: three pages of 100 (the sentence says "the last N rounds"). */
const ROUND_PAGES = 3;

/** A round's prize, at the time it was settled. */
export interface Prize extends Bucket {
  amount: bigint;
}

const readPrize = (row: Record<string, unknown>): Prize => {
  const win = readPoolWin(row);
  return { start: win.time, amount: win.amount };
};

/** Both pools' prizes on one time axis, oldest first: each pool's value at its own rounds' times,
 *  null at the other's (two rounds settled in one second, in one pool, add up). */
export function prizeSeries(lucky: readonly Prize[], max: readonly Prize[]): { times: number[]; lucky: (bigint | null)[]; max: (bigint | null)[] } {
  const times = [...new Set([...lucky, ...max].map((prize) => prize.start))].sort((a, b) => a - b);
  const at = (prizes: readonly Prize[]) => {
    const byTime = new Map<number, bigint>();
    for (const prize of prizes) byTime.set(prize.start, (byTime.get(prize.start) ?? 0n) + prize.amount);
    return times.map((time) => byTime.get(time) ?? null);
  };
  return { times, lucky: at(lucky), max: at(max) };
}

const sum = (prizes: readonly Prize[]) => prizes.reduce((total, prize) => total + prize.amount, 0n);

export function PrizesChart() {
  const { t } = useTranslation("activity");
  const lucky = useHistorySeries("/pools/lucky/winners", readPrize, ROUND_PAGES);
  const max = useHistorySeries("/pools/max/winners", readPrize, ROUND_PAGES);
  const { times, series } = useMemo(() => {
    const prizes = prizeSeries(lucky.rows, max.rows);
    const drawn = (values: (bigint | null)[]) => values.map((value) => (value === null ? null : drawnAmount(value)));
    const lines: ChartSeries[] = [
      { label: t("history.prizes.lucky"), values: drawn(prizes.lucky), kind: "line", scale: "usdt", joined: true, text: (value) => value.toFixed(2) },
      { label: t("history.prizes.max"), values: drawn(prizes.max), kind: "line", scale: "usdt", joined: true, text: (value) => value.toFixed(2) },
    ];
    return { times: prizes.times, series: lines };
  }, [lucky.rows, max.rows, t]);
  const timeText = useUtcTimeText(true);

  // Drawn once both lists have been read (one alone would pass half the rounds for all of them);
  // what was drawn stays while the indexer is away, as every history view does.
  const status = [lucky, max].some((list) => list.status === "unavailable" && list.rows.length === 0)
    ? "unavailable"
    : [lucky, max].some((list) => list.status === "loading")
      ? "loading"
      : "ready";
  if (status !== "ready" || times.length === 0) return <ChartPlaceholder status={status} empty={t("history.noWinners")} />;
  return (
    <TimeChart
      times={times}
      series={series}
      summary={t("history.prizes.summary", { count: lucky.rows.length + max.rows.length, lucky: formatAmount(sum(lucky.rows), 2), max: formatAmount(sum(max.rows), 2) })}
      tableCaption={t("history.prizes.table")}
      timeHeading={t("history.prizes.time")}
      timeText={timeText}
    />
  );
}
