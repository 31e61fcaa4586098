/**
 * The MV market's price and volume over time (docs/decisions/charts.md), from the indexer's sums
 * of the fills: by hour over the last day or week, by day over all of it. A bucket's price is the
 * one its volume paid (USDT over MV). Beside the order queue on a tablet or a desktop, under the
 * forms on a phone. Calm when there is nothing to draw: no fills yet, or history unavailable.
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { Card } from "@/components/ui";
import { ONE } from "@/config/units";
import { useChainStatus } from "@/lib/contracts/chain-status";
import { formatAmount } from "@/lib/format/format";
import { readMarketBucket, type MarketBucketRow } from "@/lib/history/history";
import { useHistorySeries } from "@/lib/history/use-history-series";
import { ChartPlaceholder, drawnAmount, TimeChart, useUtcTimeText, type ChartSeries } from "@/widgets/time-chart";

import styles from "./market-chart.module.css";

export type ChartRange = "day" | "week" | "all";
export const CHART_RANGES: readonly ChartRange[] = ["day", "week", "all"];

const HOUR = 3_600;
const DAY = 86_400;
/** Hours the day and week views read: a week's, two pages of 100. */
const HOUR_PAGES = 2;
/** Days the whole view reads at most: ten pages of 100, more than two and a half years. */
const DAY_PAGES = 10;

/** The price a bucket's volume paid, USDT per MV (both 18 decimals), 18 decimals. */
export const bucketPrice = (bucket: MarketBucketRow) => (bucket.usdtAmount * ONE) / bucket.mvAmount;

/** The buckets of `range`, up to `now` (chain time): hours of the last day or week, or every day. */
export function bucketsOf(range: ChartRange, rows: readonly MarketBucketRow[], now: number): MarketBucketRow[] {
  if (range === "all") return rows.filter((row) => row.mvAmount > 0n);
  const since = now - (range === "day" ? DAY : 7 * DAY);
  return rows.filter((row) => row.start > since - HOUR && row.mvAmount > 0n);
}

/** What the buckets add up to: fills, USDT, MV, and the lowest and highest price. */
export function totalsOf(buckets: readonly MarketBucketRow[]) {
  const prices = buckets.map(bucketPrice);
  return {
    fills: buckets.reduce((sum, bucket) => sum + bucket.fills, 0),
    usdt: buckets.reduce((sum, bucket) => sum + bucket.usdtAmount, 0n),
    mv: buckets.reduce((sum, bucket) => sum + bucket.mvAmount, 0n),
    low: prices.reduce((low, price) => (price < low ? price : low), prices[0] ?? 0n),
    high: prices.reduce((high, price) => (price > high ? price : high), prices[0] ?? 0n),
  };
}

export function MarketChart() {
  const { t } = useTranslation(["pages", "activity"]);
  const [range, setRange] = useState<ChartRange>("week");
  const hourly = range !== "all";
  const hours = useHistorySeries(hourly ? "/market/hours" : null, readMarketBucket, HOUR_PAGES);
  const days = useHistorySeries(hourly ? null : "/market/days", readMarketBucket, DAY_PAGES);
  const { rows, status } = hourly ? hours : days;
  // The chain's hour (a local chain may run ahead of the device's clock; before the first block is
  // read, the newest bucket's), not its second: the chart is drawn again when the data or the hour
  // change, not every second.
  const blockTime = useChainStatus((chain) => chain.blockTime);
  const hour = Math.floor((blockTime ?? rows.at(-1)?.start ?? 0) / HOUR);

  const buckets = useMemo(() => bucketsOf(range, rows, (hour + 1) * HOUR), [range, rows, hour]);
  const times = useMemo(() => buckets.map((bucket) => bucket.start), [buckets]);
  const series = useMemo(
    (): ChartSeries[] => [
      { label: t("market.chart.price"), values: buckets.map((bucket) => drawnAmount(bucketPrice(bucket))), kind: "line", scale: "price", text: (value) => value.toFixed(6) },
      { label: t("market.chart.volume"), values: buckets.map((bucket) => drawnAmount(bucket.usdtAmount)), kind: "bars", scale: "volume", text: (value) => value.toFixed(2) },
    ],
    [buckets, t],
  );
  const timeText = useUtcTimeText(hourly);

  const totals = totalsOf(buckets);
  return (
    <Card title={t("market.chart.title")}>
      <div className={styles.ranges} role="group" aria-label={t("market.chart.ranges")}>
        {CHART_RANGES.map((option) => (
          <button key={option} type="button" className={styles.range} aria-pressed={option === range} onClick={() => setRange(option)}>
            {t(`market.chart.${option}`)}
          </button>
        ))}
      </div>
      {buckets.length > 0 ? (
        <TimeChart
          times={times}
          series={series}
          summary={t("market.chart.summary", {
            count: totals.fills,
            usdt: formatAmount(totals.usdt, 2),
            mv: formatAmount(totals.mv, 2),
            low: formatAmount(totals.low, 6),
            high: formatAmount(totals.high, 6),
          })}
          tableCaption={t(hourly ? "market.chart.tableHours" : "market.chart.tableDays")}
          timeHeading={t("market.chart.time")}
          timeText={timeText}
        />
      ) : (
        <ChartPlaceholder status={status} empty={t("market.chart.empty")} />
      )}
    </Card>
  );
}
