/**
 * Stands in for widgets/time-chart-plot (uPlot on a canvas, which jsdom has not):
 * `vi.mock("@/widgets/time-chart-plot", () => import("@/test/chart-plot-mock"))` records what each
 * chart would draw in `drawn`, the last drawing last.
 */
import type { ChartSeries, Plot } from "@/widgets/time-chart-plot";

export const drawn: { times: number[]; series: { label: string; values: (number | null)[] }[] }[] = [];

export function drawPlot(_target: HTMLElement, _width: number, _height: number, times: number[], series: readonly ChartSeries[]): Plot {
  drawn.push({ times, series: series.map(({ label, values }) => ({ label, values })) });
  return { resize: () => undefined, destroy: () => undefined };
}
