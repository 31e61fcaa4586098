/**
 * The drawing of a TimeChart (./time-chart.tsx): uPlot (docs/decisions/charts.md), with its
 * stylesheet, in a chunk of its own that the chart loads when it first draws, so no page carries
 * it before it shows a chart (and home never does).
 */
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface ChartSeries {
  label: string;
  /** One per time; null where the series has no value. */
  values: (number | null)[];
  kind: "line" | "bars";
  /** Series on one scale share an axis (the first scale's at the left, the next at the right). */
  scale: string;
  /** A value as the table shows it. */
  text: (value: number) => string;
  /** A line drawn across the times it has no value at (two series at times of their own: the two
   *  pools' rounds), rather than broken there. */
  joined?: boolean;
}

export interface Plot {
  resize(width: number): void;
  destroy(): void;
}

/** Colours from the app's theme (global.css), read when drawn. */
function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

export function drawPlot(target: HTMLElement, width: number, height: number, times: number[], series: readonly ChartSeries[]): Plot {
  const accent = themeColour("--accent", "#f0b90b");
  const dim = themeColour("--text-dim", "#8a8f98");
  const grid = themeColour("--border", "#2b2f36");
  const scales = [...new Set(series.map((line) => line.scale))];
  const options: uPlot.Options = {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true } },
    series: [
      {},
      ...series.map(
        (line, index): uPlot.Series => ({
          label: line.label,
          scale: line.scale,
          stroke: index === 0 ? accent : dim,
          width: line.kind === "line" ? 2 : 0,
          fill: line.kind === "bars" ? `${dim}55` : undefined,
          paths: line.kind === "bars" ? uPlot.paths.bars!({ size: [0.6, 40] }) : undefined,
          // Dots while a line has few values of its own: one value alone draws no segment.
          points: { show: line.kind === "line" && line.values.filter((value) => value !== null).length < 40 },
          spanGaps: line.joined ?? false,
        }),
      ),
    ],
    axes: [
      { stroke: dim, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } },
      ...scales.map((scale, index): uPlot.Axis => ({ scale, side: index === 0 ? 3 : 1, stroke: dim, grid: { show: index === 0, stroke: grid, width: 1 }, size: 56 })),
    ],
  };
  const plot = new uPlot(options, [times, ...series.map((line) => line.values)], target);
  return {
    resize: (next) => plot.setSize({ width: next, height }),
    destroy: () => plot.destroy(),
  };
}
