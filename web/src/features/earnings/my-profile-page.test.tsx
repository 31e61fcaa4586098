import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { useChainStatus } from "@/lib/contracts/chain-status";
import { Revert, stubChain } from "@/test/chain-stub";
import { drawn } from "@/test/chart-plot-mock";
import { mockHistory } from "@/test/history-mock";
import { ALICE, BOB, card, disconnect, expectFigures, figure, refusalText, renderPage, toastKeys } from "@/test/render-page";
import { useAppStore } from "@/store";
import { expectNothingSent, resetSent, sent, walletSendMock } from "@/test/wallet-send-mock";

// The drawing (uPlot on a canvas, which jsdom has not): what it is given is recorded instead.
vi.mock("@/widgets/time-chart-plot", () => import("@/test/chart-plot-mock"));

vi.mock("@/lib/transactions/wallet-send", () => walletSendMock());

const NOW = 1_800_000_000n;

/** Alice's earnings; `claimable` is what Revenue says a claim pays now (all that waits unless
 *  told), `coverage` its [covered, owed] (no shortfall unless told). */
function earnings({
  waiting = parseEther("10"),
  nextClaimAt = 0n,
  claimable = undefined as bigint | undefined,
  coverage = [parseEther("1000000"), parseEther("100")] as const as readonly [bigint, bigint],
  hashrate = 0n,
  outMultiple = 3n,
} = {}) {
  const totalWaiting = waiting === 0n ? 0n : waiting + parseEther("1");
  return stubChain({
    Revenue: {
      outMultiple,
      claimableUsd: claimable ?? totalWaiting,
      coverage,
      earningsOf: {
        machineTotal: parseEther("30"),
        machineWaiting: waiting,
        machineReceived: parseEther("30") - waiting,
        dynamicWaiting: 0n,
        dynamicReceived: parseEther("2"),
        preachingWaiting: [parseEther("1"), 0n, 0n],
        preachingReceived: [0n, parseEther("0.5"), 0n],
        totalWaiting,
        activeValue: 1000n,
        outCount: 0n,
        outBacklog: false,
        lastClaimAt: nextClaimAt === 0n ? 0n : nextClaimAt - 61n,
        nextClaimAt,
      },
    },
    Main: { priceOf: parseEther("2"), powerOf: hashrate },
    Community: { settlerOf: ALICE },
  });
}

async function loaded() {
  await waitFor(() => expect(figure("Waiting in total")).toHaveTextContent("USD"));
}

const claim = () => screen.getByRole("button", { name: "Claim revenue" });

afterEach(async () => {
  await disconnect();
  resetSent();
});

describe("my earnings' claims, from the indexer", () => {
  const claimRow = (n: number, settler: string, usd: string, acb: string) => ({
    position: String(n * 1_000_000),
    member: ALICE.toLowerCase(),
    settler: settler.toLowerCase(),
    usdValue: parseEther(usd).toString(),
    acbAmount: parseEther(acb).toString(),
    acbPrice: parseEther("2").toString(),
    blockNumber: String(n),
    time: String(1_800_000_000 + n),
    txHash: `0x${n.toString(16).padStart(64, "0")}`,
  });
  const claims = () => screen.getByRole("region", { name: "Claims" });

  it("lists each claim: how much in USD, the ACB paid, and to whom", async () => {
    earnings();
    mockHistory({ [`/accounts/${ALICE}/claims`]: [[claimRow(9, BOB, "12.5", "6.25"), claimRow(5, ALICE, "3", "1.5")]] });
    await renderPage("/pages/index/myProfile");
    await waitFor(() => expect(within(claims()).getAllByRole("listitem")).toHaveLength(2));
    const [newest, oldest] = within(claims()).getAllByRole("listitem");
    expect(newest).toHaveTextContent("12.5 USD claimed, paid as 6.25 ACB");
    expect(newest).toHaveTextContent("Paid to 0x3C44…93BC");
    expect(oldest).toHaveTextContent("3 USD claimed, paid as 1.5 ACB");
    expect(oldest).toHaveTextContent("Paid to this account");
  });

  it("draws the claims over time: each UTC day's USD and the total, summed up in a sentence, the data as a table", async () => {
    earnings();
    const DAY = 86_400;
    const day = (start: number, usd: string, acb: string, count: number) => ({ start: String(start), usdValue: parseEther(usd).toString(), acbAmount: parseEther(acb).toString(), claims: count });
    // Newest first, as the indexer sends them.
    mockHistory({ [`/accounts/${ALICE}/claims/days`]: [[day(1_800_000_000 - (1_800_000_000 % DAY), "12.5", "6.25", 1)], [day(1_799_913_600 - 4 * DAY, "3", "1.5", 2)]] });
    await renderPage("/pages/index/myProfile");
    const chart = screen.getByRole("region", { name: "Claims over time" });
    await waitFor(() => expect(chart).toHaveTextContent("3 claims: 15.5 USD claimed in all, paid as 7.75 ACB."));
    expect(drawn.at(-1)!.series).toEqual([
      { label: "Claimed in all (USD)", values: [3, 15.5] },
      { label: "Claimed that day (USD)", values: [3, 12.5] },
    ]);
    const table = within(chart).getByRole("table", { name: "Your claims by day (UTC)" });
    const rows = within(table).getAllByRole("row").map((line) => within(line).queryAllByRole("cell").map((cell) => cell.textContent));
    expect(rows.filter((cells) => cells.length > 0)).toEqual([
      ["3.00", "3.00"],
      ["15.50", "12.50"],
    ]);
  });

  it("shows the records' progress toward 3x: machine revenue earned over 3 times the hashrate, as a meter and its figure", async () => {
    // 30 USD earned by records of 1,000 hashrate (1,000 USD): 1% of their 3,000 USD.
    earnings({ hashrate: 1000n });
    mockHistory({});
    await renderPage("/pages/index/myProfile");
    const chart = screen.getByRole("region", { name: "Claims over time" });
    const meter = await within(chart).findByRole("meter", { name: "Records' progress toward 3x" });
    expect(meter).toHaveAttribute("aria-valuetext", "1.00%: 30 of 3,000 USD earned");
    expect(meter).toHaveValue(10_000);
    // The same figure for the eye, not read twice.
    expect(within(chart).getByText("1.00%: 30 of 3,000 USD earned")).toHaveAttribute("aria-hidden", "true");
  });

  it("follows the contract's out multiple", async () => {
    earnings({ hashrate: 1000n, outMultiple: 5n });
    mockHistory({});
    await renderPage("/pages/index/myProfile");
    const meter = await screen.findByRole("meter", { name: "Records' progress toward 5x" });
    expect(meter).toHaveAttribute("aria-valuetext", "0.60%: 30 of 5,000 USD earned");
  });

  it("says what the records will earn when there are none yet", async () => {
    earnings();
    mockHistory({});
    await renderPage("/pages/index/myProfile");
    const chart = screen.getByRole("region", { name: "Claims over time" });
    expect(await within(chart).findByText("No synthesis records yet: each one earns until it has earned 3x its value.")).toBeInTheDocument();
    expect(within(chart).queryByRole("meter")).toBeNull();
  });

  it("says when there is none yet", async () => {
    earnings();
    mockHistory({});
    await renderPage("/pages/index/myProfile");
    expect(await within(claims()).findByText("No claims yet.")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Claims over time" })).getByText("No claims yet.")).toBeInTheDocument();
  });

  it("without the indexer, says history is unavailable and the claim still works", async () => {
    earnings();
    mockHistory("down");
    await renderPage("/pages/index/myProfile");
    expect(await within(claims()).findByText("History is unavailable right now. Everything else works as usual.")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Claims over time" })).getByText("History is unavailable right now. Everything else works as usual.")).toBeInTheDocument();
    await loaded();
    expect(claim()).toBeEnabled();
  });
});

describe("my earnings", () => {
  it("shows the ACB price, machine, dynamic and preaching revenue, received and waiting", async () => {
    earnings();
    await renderPage("/pages/index/myProfile");
    await loaded();
    expectFigures({
      "Current ACB price": "2 USD",
      "Machine revenue": "30 USD",
      "Waiting revenue": "10 USD",
      "Received revenue": "20 USD",
      "Dynamic revenue received": "2 USD",
      "Waiting in total": "11 USD",
    });
    expect(figure("Waiting", card("Preaching gold · first generation"))).toHaveTextContent(/^1 USD$/);
    expect(figure("Received", card("Preaching gold · second generation"))).toHaveTextContent(/^0\.5 USD$/);
    expect(screen.getByText(/About 5.5 ACB at the current price/)).toBeInTheDocument();
  });

  it("claims at least the ACB shown less the user's tolerance, and says which", async () => {
    useAppStore.setState({ toleranceBps: 100 });
    earnings();
    await renderPage("/pages/index/myProfile");
    await loaded();
    // 5.5 ACB less 1%.
    expect(figure("You receive at least")).toHaveTextContent("5.445 ACB");
    expect(screen.getByText("Includes a 1% price tolerance: past it, the transaction fails and takes none of your tokens.")).toBeInTheDocument();
    fireEvent.click(claim());
    await waitFor(() => expect(sent).toEqual([{ contract: "Revenue", method: "claim", args: [parseEther("5.445")] }]));
  });

  it("claims the revenue", async () => {
    earnings();
    await renderPage("/pages/index/myProfile");
    await loaded();
    fireEvent.click(claim());
    // 11 USD waiting at 2 USD per ACB is 5.5 ACB: the claim asks for at least that, less 0.5%.
    expect(figure("You receive at least")).toHaveTextContent("5.4725 ACB");
    await waitFor(() => expect(sent).toEqual([{ contract: "Revenue", method: "claim", args: [parseEther("5.4725")] }]));
    await waitFor(() => expect(toastKeys()).toContain("common:messages.claimSuccessful"));
  });

  it("claims on the earnings read again after the user's own transaction, not on those of before", async () => {
    earnings();
    await renderPage("/pages/index/myProfile");
    await loaded();
    // The user's own transaction (say, records processed) is confirmed: 10 USD more waits now.
    earnings({ waiting: parseEther("20") });
    act(() => useChainStatus.getState().transactionConfirmed(1n));
    fireEvent.click(claim());
    expect(screen.getByRole("button", { name: "Preparing…" })).toBeDisabled();
    // 21 USD at 2 USD per ACB is 10.5 ACB, less 0.5%: not the 5.4725 of the figures before.
    await waitFor(() => expect(sent).toEqual([{ contract: "Revenue", method: "claim", args: [parseEther("10.4475")] }]));
  });

  it("says when the reserve pays only part of what waits, its coverage, and asks at least that part", async () => {
    // The reserve and all paid cover 44 of 100 owed; Revenue says alice's share now is 4.84 USD.
    earnings({ claimable: parseEther("4.84"), coverage: [parseEther("44"), parseEther("100")] });
    await renderPage("/pages/index/myProfile");
    await loaded();
    expect(screen.getByText(/^The revenue reserve can pay 4\.84 USD of it now\. .*machine revenue first/)).toBeInTheDocument();
    expect(screen.getByText(/About 2\.42 ACB at the current price/)).toBeInTheDocument();
    // The coverage, and what it means for a claim (a part of its own: it loads a moment later).
    expect(await screen.findByRole("definition", { name: "Reserve coverage" })).toHaveTextContent(/^44%$/);
    expect(screen.getByText("The revenue reserve covers 44% of everything owed to members: each member receives 44% of all they have been owed, and the rest waits.")).toBeInTheDocument();
    fireEvent.click(claim());
    // 4.84 USD at 2 USD per ACB is 2.42 ACB, less 0.5%.
    await waitFor(() => expect(sent).toEqual([{ contract: "Revenue", method: "claim", args: [parseEther("2.4079")] }]));
  });

  it("says no coverage while the reserve covers everything promised", async () => {
    earnings();
    await renderPage("/pages/index/myProfile");
    await loaded();
    expect(screen.queryByRole("definition", { name: "Reserve coverage" })).toBeNull();
    expect(screen.queryByText(/of it now/)).toBeNull();
  });

  it("refuses a claim the reserve can pay none of (the member has their share), and sends nothing", async () => {
    earnings({ claimable: 0n, coverage: [parseEther("10"), parseEther("100")] });
    await renderPage("/pages/index/myProfile");
    await loaded();
    fireEvent.click(claim());
    await waitFor(() => expect(refusalText()).toBe("The revenue reserve cannot pay any of your waiting revenue now: nothing was claimed, it all stays waiting."));
    await expectNothingSent();
  });

  it("counts down to the next claim, and refuses an early one with the product's message", async () => {
    earnings({ nextClaimAt: NOW + 45n });
    await renderPage("/pages/index/myProfile");
    await loaded();
    // A fact, not a fault: the countdown is not shown as an error until the user claims too early.
    expect(screen.getByText(/^Next claim possible in 0:4\d$/)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(claim());
    await waitFor(() => expect(refusalText()).toBe("The interval between each claim must be greater than 60 seconds."));
    expect(toastKeys()).toEqual([]);
    await expectNothingSent();
  });

  it("says 'Reward Balance Not Enough' when nothing waits, and sends nothing", async () => {
    earnings({ waiting: 0n });
    await renderPage("/pages/index/myProfile");
    await loaded();
    expect(screen.getByText("Nothing is waiting to be claimed yet.")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(claim());
    await waitFor(() => expect(refusalText()).toBe("Reward Balance Not Enough"));
    await expectNothingSent();
  });

  it("waits for the ACB price before a claim can be sent: no claim without its bound", async () => {
    const chain = earnings();
    chain.set({ Main: { priceOf: () => { throw new Revert("0x"); } } });
    await renderPage("/pages/index/myProfile");
    await loaded();
    expect(claim()).toBeDisabled();
    fireEvent.click(claim());
    await expectNothingSent();
  });
});
