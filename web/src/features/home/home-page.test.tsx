import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ZeroAddress } from "ethers/constants";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { TOKEN_SYMBOLS } from "@product";

import { useTransactionList } from "@/lib/transactions/transaction-list";
import { useAppStore } from "@/store";
import { mockAccountApi, type ApiMember } from "@/test/account-api-mock";
import { stubChain } from "@/test/chain-stub";
import { drawn } from "@/test/chart-plot-mock";
import { mockHistory } from "@/test/history-mock";
import { ALICE, BOB, card, disconnect, expectFigures, figure, renderPage, toastKeys } from "@/test/render-page";
import { sentTransaction } from "@/test/sent-transactions";
import { resetSent, sent, walletSendMock } from "@/test/wallet-send-mock";

vi.mock("@/lib/transactions/wallet-send", () => walletSendMock());
// The drawing (uPlot on a canvas, which jsdom has not): what it is given is recorded instead.
vi.mock("@/widgets/time-chart-plot", () => import("@/test/chart-plot-mock"));

const NOW = 1_800_000_000n;
const pools = (luckyEndsAt: bigint) => ({
  Main: {
    luckyPool: { amount: parseEther("140"), endsAt: luckyEndsAt, lastMiner: BOB, lastWinner: ZeroAddress, lastPrize: 0n, round: 1n },
    maxPool: { amount: parseEther("70"), endsAt: NOW + 3_600n, leader: ALICE, leaderHashrate: 1_000n, lastWinner: ZeroAddress, lastPrize: 0n, round: 1n },
    totalAcbBurned: parseEther("50"),
  },
  ...Object.fromEntries(TOKEN_SYMBOLS.map((symbol, index) => [symbol, { balanceOf: parseEther(String(index + 1)) }])),
});

const LUCKY = "Lucky reward pool";
const MAX = "Max machine reward pool";
/** A pool's Settle button, in its card. */
const settle = (pool: string) => within(card(pool)).queryByRole("button", { name: "Settle" });

const alicesAccount: ApiMember = { account: "alice", password: "secret!", wallet: ALICE, referrer: BOB, registeredAt: "2026-01-01T00:00:00.000Z" };

afterEach(async () => {
  await disconnect();
  resetSent();
});

describe("home", () => {
  it("shows the pools, the last miner, the ACB burned and every balance, read in one batch", async () => {
    const chain = stubChain(pools(NOW + 300n));
    await renderPage("/");
    await waitFor(() => expect(figure(LUCKY)).toHaveTextContent("140 USDT"));
    expectFigures({
      "10-minute countdown": /^[45]:\d\d$/,
      "Lucky winner": "None yet",
      "Last synthesis by": "0x3C44…93BC",
      [MAX]: "70 USDT",
      "Current max hashrate": "1,000 hashrate",
      "Max hashrate address": "0x7099…79C8",
      "Total ACB burned": "50 ACB",
    });
    await waitFor(() => expect(figure("ZYB")).toHaveTextContent("9"));
    expect(figure("MV")).toHaveTextContent("1");
    expect(chain.batches()).toBe(1);
    expect(settle(LUCKY)).toBeNull();
  });

  it("shows the last rounds' winners and prizes of both pools, from the indexer, when asked for", async () => {
    stubChain(pools(NOW + 300n));
    const win = (n: number, round: string, winner: string, amount: string) => ({ position: String(n * 1_000_000), round, winner: winner.toLowerCase(), amount, blockNumber: String(n), time: String(1_800_000_000 + n), txHash: `0x${n.toString(16).padStart(64, "0")}` });
    const history = mockHistory({
      "/pools/lucky/winners": [[win(9, "2", BOB, "140000000000000000000"), win(5, "1", ALICE, "20000000000000000000")]],
      "/pools/max/winners": [[]],
    });
    await renderPage("/");
    // The winners are read only when asked for (home's one other request, whether the owner has
    // queued anything, is widgets/governance-notices.test.tsx's).
    const winnersRead = () => history.requests.filter((request) => request.startsWith("/history/pools/")).sort();
    expect(winnersRead()).toEqual([]);
    fireEvent.click(await screen.findByRole("button", { name: "Past winners" }));
    const lucky = await screen.findByRole("region", { name: "Lucky pool" });
    await waitFor(() => expect(within(lucky).getAllByRole("listitem")).toHaveLength(2));
    expect(within(lucky).getAllByRole("listitem")[0]).toHaveTextContent("Round 2: 0x3C44…93BC won 140 USDT");
    expect(within(screen.getByRole("region", { name: "Max machine pool" })).getByText("No round settled yet.")).toBeInTheDocument();
    // The lists' five, and the prizes chart's pages of 100.
    expect(winnersRead()).toEqual(["/history/pools/lucky/winners?limit=100", "/history/pools/lucky/winners?limit=5", "/history/pools/max/winners?limit=100", "/history/pools/max/winners?limit=5"]);
  });

  it("draws both pools' prizes over past rounds under Past winners, summed up in a sentence, the data as a table", async () => {
    stubChain(pools(NOW + 300n));
    const win = (n: number, round: string, amount: string) => ({ position: String(n * 1_000_000), round, winner: BOB.toLowerCase(), amount: parseEther(amount).toString(), blockNumber: String(n), time: String(1_800_000_000 + n * 3600), txHash: `0x${n.toString(16).padStart(64, "0")}` });
    // Newest first, as the indexer sends them; the max pool's round settled between the lucky pool's.
    mockHistory({ "/pools/lucky/winners": [[win(9, "2", "140"), win(5, "1", "20")]], "/pools/max/winners": [[win(7, "1", "55.5")]] });
    await renderPage("/");
    fireEvent.click(await screen.findByRole("button", { name: "Past winners" }));
    const winners = await screen.findByRole("region", { name: "Past winners" });
    await waitFor(() => expect(winners).toHaveTextContent("The last 3 rounds settled: 160 USDT paid by the lucky pool, 55.5 USDT by the max machine pool."));
    const hour = (n: number) => 1_800_000_000 + n * 3600;
    expect(drawn.at(-1)).toEqual({
      times: [hour(5), hour(7), hour(9)],
      series: [
        { label: "Lucky pool prize (USDT)", values: [20, null, 140] },
        { label: "Max machine pool prize (USDT)", values: [null, 55.5, null] },
      ],
    });
    const table = within(winners).getByRole("table", { name: "Both pools' prizes by round (UTC)" });
    const rows = within(table).getAllByRole("row").map((line) => within(line).queryAllByRole("cell").map((cell) => cell.textContent));
    expect(rows.filter((cells) => cells.length > 0)).toEqual([
      ["20.00", "—"],
      ["—", "55.50"],
      ["140.00", "—"],
    ]);
  });

  it("says calmly that no round has been settled yet, in place of the prizes chart", async () => {
    stubChain(pools(NOW + 300n));
    mockHistory({});
    const before = drawn.length;
    await renderPage("/");
    fireEvent.click(await screen.findByRole("button", { name: "Past winners" }));
    const winners = await screen.findByRole("region", { name: "Past winners" });
    // The chart's place and each pool's list.
    await waitFor(() => expect(within(winners).getAllByText("No round settled yet.")).toHaveLength(3));
    expect(within(winners).queryByRole("table")).toBeNull();
    expect(drawn.length).toBe(before);
  });

  it("without the indexer, says history is unavailable under the pools, which show as ever", async () => {
    stubChain(pools(NOW + 300n));
    mockHistory("down");
    await renderPage("/");
    fireEvent.click(await screen.findByRole("button", { name: "Past winners" }));
    // Each pool's list and the prizes chart's place.
    expect(await screen.findAllByText("History is unavailable right now. Everything else works as usual.")).toHaveLength(3);
    expect(card(LUCKY)).toHaveTextContent("USDT");
  });

  it("offers to settle a pool whose countdown has ended", async () => {
    stubChain(pools(NOW - 1n));
    await renderPage("/");
    fireEvent.click(await within(card(LUCKY)).findByRole("button", { name: "Settle" }));
    expect(figure("10-minute countdown")).toHaveTextContent("Time's up: ready to settle");
    await waitFor(() => expect(sent).toEqual([{ contract: "Main", method: "settleLuckyPool", args: [] }]));
  });

  it("shows a settlement sent before a reload, still pending, under its pool", async () => {
    stubChain(pools(NOW + 60n));
    useTransactionList.setState({
      transactions: [sentTransaction(3, { account: ALICE.toLowerCase(), action: "settle:lucky", summary: { key: "activity:summaries.settleLucky" } })],
    });
    await renderPage("/pages/index/index");
    // The transactions still pending under a pool are a list in its card.
    const note = await within(card(LUCKY)).findByRole("listitem");
    expect(note).toHaveTextContent("Settle the lucky pool");
    expect(within(card(MAX)).queryByRole("listitem")).toBeNull();
  });

  it("says a pool was settled instead of showing 0:00", async () => {
    const answers = pools(NOW - 1n);
    answers.Main.luckyPool = { ...answers.Main.luckyPool, amount: 0n, lastWinner: BOB, lastPrize: parseEther("140") };
    stubChain(answers);
    await renderPage("/");
    await waitFor(() => expect(figure("10-minute countdown")).toHaveTextContent("Settled"));
    expect(figure("Lucky winner")).toHaveTextContent("0x3C44…93BC");
    expect(settle(LUCKY)).toBeNull();
  });

  it("says 'Please Login' with the ways in until the user has a session, and, to a connected wallet, why", async () => {
    stubChain(pools(NOW + 300n));
    await renderPage("/");
    expect(await screen.findByText("Please Login")).toBeInTheDocument();
    // Not a connection that failed: what logging in opens, and that it costs nothing.
    expect(screen.getByText(/^Your wallet is connected\. Logging in opens your account with us .*sends no transaction and costs nothing\.$/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Account bind" })).toHaveAttribute("href", "/pages/bind/bind");
    expect(screen.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/pages/register/register");
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/pages/bindOrRegister/bindOrRegister");
    const api = mockAccountApi([alicesAccount]);
    act(() => useAppStore.getState().setUser(ALICE, api.sessionFor(alicesAccount)));
    expect(screen.queryByText("Please Login")).toBeNull();
    expect(await screen.findByRole("definition", { name: "Account" })).toHaveTextContent("alice");
  });

  it("returns to 'Please Login' when the API no longer knows the token", async () => {
    stubChain(pools(NOW + 300n));
    mockAccountApi([alicesAccount]);
    useAppStore.getState().setUser(ALICE, "expired-token");
    await renderPage("/");
    expect(await screen.findByText("Please Login")).toBeInTheDocument();
    expect(useAppStore.getState().user).toEqual({ account: ALICE.toLowerCase(), token: null });
    expect(toastKeys()).toContain("errors:sessionExpired");
  });

  it("logs out: the token leaves the store and the server ends the session", async () => {
    stubChain(pools(NOW + 300n));
    const api = mockAccountApi([alicesAccount]);
    const token = api.sessionFor(alicesAccount);
    useAppStore.getState().setUser(ALICE, token);
    await renderPage("/");
    fireEvent.click(await screen.findByRole("button", { name: "Log out" }));
    expect(await screen.findByText("Please Login")).toBeInTheDocument();
    expect(useAppStore.getState().user.token).toBeNull();
    expect(JSON.parse(window.localStorage.getItem("am-local") ?? "{}").state.user).toEqual({ account: ALICE.toLowerCase(), token: null });
    await waitFor(() => expect(api.calls.at(-1)).toEqual({ route: "/logout", body: undefined, token }));
    expect(toastKeys()).toContain("common:messages.loggedOut");
  });

  it("shows the pools without a wallet, and asks for one for the balances", async () => {
    const chain = stubChain(pools(NOW + 300n));
    await renderPage("/", { connected: false });
    await waitFor(() => expect(figure(LUCKY)).toHaveTextContent("140 USDT"));
    expect(screen.getByText("Connect your wallet to see your figures and take part.")).toBeInTheDocument();
    expect(screen.getByText("Please Login")).toBeInTheDocument();
    expect(screen.queryByText(/^Your wallet is connected/)).toBeNull();
    expect(chain.reads).not.toContain("MV.balanceOf");
  });
});
