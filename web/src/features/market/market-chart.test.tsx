import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { MarketBucketRow } from "@/lib/history/history";
import { stubChain } from "@/test/chain-stub";
import { drawn } from "@/test/chart-plot-mock";
import { mockHistory } from "@/test/history-mock";
import { card, disconnect, renderPage } from "@/test/render-page";

import { bucketsOf, totalsOf } from "./market-chart";

// The drawing (uPlot on a canvas, which jsdom has not): what it is given is recorded instead.
vi.mock("@/widgets/time-chart-plot", () => import("@/test/chart-plot-mock"));

afterEach(async () => {
  await disconnect();
  drawn.length = 0;
});

const HOUR = 3_600;
const DAY = 86_400;
/** The chain's block time in the stub (chain-stub: Multicall3's getCurrentBlockTimestamp). */
const NOW = 1_800_000_000;

const bucket = (start: number, mv: string, usdt: string, fills: number) => ({ start: String(start), mvAmount: parseEther(mv).toString(), usdtAmount: parseEther(usdt).toString(), fills });
const row = (start: number, mv: string, usdt: string, fills: number): MarketBucketRow => ({ start, mvAmount: parseEther(mv), usdtAmount: parseEther(usdt), fills });

describe("the market's chart, its arithmetic", () => {
  const hourStart = NOW - (NOW % HOUR);
  const rows = [row(hourStart - 3 * DAY, "10", "2", 1), row(hourStart - 2 * HOUR, "100", "21", 3), row(hourStart, "50", "11", 2)];

  it("keeps the last day's or week's hours, or every day", () => {
    expect(bucketsOf("day", rows, NOW).map((bucket) => bucket.start)).toEqual([hourStart - 2 * HOUR, hourStart]);
    expect(bucketsOf("week", rows, NOW)).toHaveLength(3);
    expect(bucketsOf("all", rows, NOW)).toHaveLength(3);
  });

  it("adds up fills, USDT and MV, and finds the lowest and highest price the volume paid", () => {
    const totals = totalsOf(rows);
    expect(totals).toEqual({ fills: 6, usdt: parseEther("34"), mv: parseEther("160"), low: parseEther("0.2"), high: parseEther("0.22") });
    expect(totalsOf([])).toEqual({ fills: 0, usdt: 0n, mv: 0n, low: 0n, high: 0n });
  });
});

describe("the market's chart, on the market page", () => {
  const hourStart = NOW - (NOW % HOUR);
  const dayStart = NOW - (NOW % DAY);
  /** The market's terms read (prices of MV and USDT at 1 USD), so the page draws. */
  const chain = () => stubChain({ Main: { priceOf: parseEther("1") } });

  it("draws the week's hours of price and volume, sums them up in a sentence, and gives the data as a table", async () => {
    chain();
    const history = mockHistory({
      // Newest first, as the indexer sends them.
      "/market/hours": [[bucket(hourStart, "50", "11", 2), bucket(hourStart - 2 * HOUR, "100", "21", 3)], [bucket(hourStart - 10 * DAY, "10", "1", 1)]],
      "/market/days": [[bucket(dayStart, "150", "32", 5), bucket(dayStart - 10 * DAY, "10", "1", 1)]],
    });
    await renderPage("/pages/index/exchangeMV");
    const chart = card("Price and volume");
    await waitFor(() => expect(chart).toHaveTextContent("5 fills in this period: 32 USDT paid for 150 MV, at 0.21 to 0.22 USDT per MV."));
    expect(within(chart).getByRole("button", { name: "Week" })).toHaveAttribute("aria-pressed", "true");
    // Both pages of hours were read; the one older than a week is not drawn.
    expect(history.requests.filter((url) => url.startsWith("/history/market/hours"))).toHaveLength(2);
    expect(drawn.at(-1)!.times).toEqual([hourStart - 2 * HOUR, hourStart]);
    expect(drawn.at(-1)!.series.map((line) => [line.label, line.values])).toEqual([
      ["Price (USDT per MV)", [0.21, 0.22]],
      ["Volume (USDT)", [21, 11]],
    ]);
    // The same data for screen readers: a table, oldest hour first.
    const table = within(chart).getByRole("table", { name: "The market's fills by hour (UTC)" });
    const rows = within(table).getAllByRole("row").map((line) => within(line).queryAllByRole("cell").map((cell) => cell.textContent));
    expect(rows.filter((cells) => cells.length > 0)).toEqual([
      ["0.210000", "21.00"],
      ["0.220000", "11.00"],
    ]);

    // Every day: one fill a day.
    fireEvent.click(within(chart).getByRole("button", { name: "All" }));
    await waitFor(() => expect(chart).toHaveTextContent("6 fills in this period: 33 USDT paid for 160 MV, at 0.1 to 0.213333 USDT per MV."));
    expect(within(chart).getByRole("table", { name: "The market's fills by day (UTC)" })).toBeInTheDocument();
  });

  it("says calmly that nothing was bought yet, or that history is unavailable", async () => {
    chain();
    mockHistory({ "/market/hours": [[]] });
    await renderPage("/pages/index/exchangeMV");
    await waitFor(() => expect(card("Price and volume")).toHaveTextContent("No fills in this period yet."));
    expect(drawn).toEqual([]);
    await disconnect();

    chain();
    mockHistory("down");
    await renderPage("/pages/index/exchangeMV");
    await waitFor(() => expect(card("Price and volume")).toHaveTextContent("History is unavailable right now. Everything else works as usual."));
    // The rest of the page goes on.
    expect(screen.getByRole("region", { name: "Buy MV with USDT" })).toBeInTheDocument();
  });
});
