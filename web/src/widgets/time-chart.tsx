/**
 * A chart over time (docs/decisions/charts.md): a drawing for the eye, loaded on demand
 * (./time-chart-plot.ts, uPlot), and for everyone a sentence that sums it up and the same data as
 * a table, which screen readers read in place of the drawing (hidden from them). The drawing
 * follows its box's width, from a phone's 360 px to a desktop's pane.
 */
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { Loading, Note } from "@/components/ui";
import { ONE } from "@/config/units";
import type { HistoryStatus } from "@/lib/history/use-history";

import { log } from "@/lib/log";

import type { ChartSeries, Plot } from "./time-chart-plot";
import styles from "./time-chart.module.css";

export type { ChartSeries };

interface TimeChartProps {
  /** Each point's time, unix seconds, oldest first. */
  times: number[];
  series: readonly ChartSeries[];
  /** What the chart shows, in a sentence. */
  summary: ReactNode;
  /** The table's caption and its time column's heading. */
  tableCaption: string;
  timeHeading: string;
  /** A time as the table shows it. */
  timeText: (seconds: number) => string;
}

const HEIGHT = 200;

/** Six digits of an amount (18 decimals) as a number, for drawing: the table and the sentence say
 *  the exact figures. */
export const drawnAmount = (value: bigint) => Number((value * 1_000_000n) / ONE) / 1_000_000;

/** A chart's times as its table shows them: in the user's language and in UTC (the indexer's hours
 *  and days are UTC's, and the tables' captions say so), with the time of day when `withTime`. */
export function useUtcTimeText(withTime: boolean): (seconds: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", ...(withTime ? { timeStyle: "short" } : {}), timeZone: "UTC" });
    return (seconds: number) => format.format(new Date(seconds * 1000));
  }, [i18n.language, withTime]);
}

export function TimeChart({
  times,
  series,
  summary,
  tableCaption,
  timeHeading,
  timeText,
}: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target || times.length === 0) return;
    let plot: Plot | undefined;
    let gone = false;
    const observer = new ResizeObserver(() => plot?.resize(target.clientWidth));
    import("./time-chart-plot").then(
      ({ drawPlot }) => {
        if (gone) return;
        plot = drawPlot(target, target.clientWidth, HEIGHT, times, series);
        observer.observe(target);
      },
      // The table and the sentence say it all: a drawing that cannot load is not an error to show.
      (error: unknown) => log.warn("chart: the drawing could not load", error)
    );
    return () => {
      gone = true;
      observer.disconnect();
      plot?.destroy();
    };
  }, [times, series]);

  return (
    <figure className={styles.figure}>
      <div ref={box} className={styles.plot} aria-hidden="true" />
      <figcaption className={styles.summary}>{summary}</figcaption>
      {/* In a box that is hidden, not the table itself: a table grows to fit its cells whatever its width. */}
      <div className="visually-hidden">
        <table>
          <caption>{tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{timeHeading}</th>
              {series.map((line) => (
                <th key={line.label} scope="col">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {times.map((time, index) => (
              <tr key={time}>
                <th scope="row">{timeText(time)}</th>
                {series.map((line) => {
                  const value = line.values[index];
                  return (
                    <td key={line.label}>
                      {value === null || value === undefined
                        ? "—"
                        : line.text(value)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** A chart's place while there is nothing to draw, keeping its height: loading, `empty` (nothing
 *  yet), or history unavailable in the words every history view uses. */
export function ChartPlaceholder({
  status,
  empty,
}: {
  status: HistoryStatus;
  empty: string;
}) {
  const { t } = useTranslation("activity");
  return (
    <div className={styles.placeholder}>
      {status === "unavailable" ? (
        <Note>{t("history.unavailable")}</Note>
      ) : status === "loading" ? (
        <Loading />
      ) : (
        <Note>{empty}</Note>
      )}
    </div>
  );
}
