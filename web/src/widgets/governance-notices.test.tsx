/**
 * The owner's queued changes on the pages they touch (docs/decisions/governance.md): each from the
 * value in force to the one it sets, when it can apply (the device's time zone and UTC), and what
 * it does to the member's own figures; nothing without the indexer.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it } from "vitest";

import { addresses } from "@/config/addresses";
import { stubChain } from "@/test/chain-stub";
import { CHAIN_NOW, operationRow, sayWhen, withTerms } from "@/test/governance";
import { mockHistory } from "@/test/history-mock";
import { memberInfo } from "@/test/members";
import { disconnect, figure, renderPage } from "@/test/render-page";

const PENDING = "/governance/operations?status=pending";
const QUEUED = "Changes queued by the owner";

/** My Earnings' reads: 1,230 USD of records still earning (12.3 USD a day at 1%). */
function earnings() {
  return stubChain(
    withTerms({
      Revenue: {
        claimableUsd: parseEther("11"),
        coverage: [parseEther("1000000"), parseEther("100")],
        earningsOf: {
          machineTotal: parseEther("30"),
          machineWaiting: parseEther("10"),
          machineReceived: parseEther("20"),
          dynamicWaiting: 0n,
          dynamicReceived: 0n,
          preachingWaiting: [0n, 0n, 0n],
          preachingReceived: [0n, 0n, 0n],
          totalWaiting: parseEther("10"),
          activeValue: 1_230n,
          outCount: 0n,
          outBacklog: false,
          lastClaimAt: 0n,
          nextClaimAt: 0n,
        },
      },
      Main: { priceOf: parseEther("2") },
    }),
  );
}

const queued = () => screen.findByRole("region", { name: QUEUED });

afterEach(async () => {
  await disconnect();
});

describe("My Earnings, with a daily-rate cut queued", () => {
  it("says what changes from what to what, when, and the member's daily revenue before and after", async () => {
    earnings();
    const row = operationRow();
    mockHistory({ [PENDING]: [[row]] });
    await renderPage("/pages/index/myProfile");
    const notice = await queued();
    const item = await within(notice).findByRole("listitem");
    await waitFor(() => expect(item).toHaveTextContent("Daily rate of machine revenue: from 1% to 0.5% of a record's value a day."));
    const { local, utc } = sayWhen(CHAIN_NOW + 600);
    expect(item).toHaveTextContent(`Can apply from ${local} (${utc} UTC), once the owner executes it.`);
    expect(item).toHaveTextContent("Your daily machine revenue goes from 12.3 to 6.15 USD.");
    expect(within(notice).getByRole("link", { name: "All terms" })).toHaveAttribute("href", "/pages/terms/terms");
  });

  it("says a change whose delay has passed applies as soon as the owner executes it, and none that expired", async () => {
    earnings();
    const ready = operationRow({ schedule: CHAIN_NOW - 60 });
    const expired = operationRow({ schedule: CHAIN_NOW - 604_800, functionName: "setClaimInterval", args: { interval: "3600" } });
    mockHistory({ [PENDING]: [[ready, expired]] });
    await renderPage("/pages/index/myProfile");
    const items = await within(await queued()).findAllByRole("listitem");
    expect(items).toHaveLength(1);
    const { local, utc } = sayWhen(CHAIN_NOW - 60);
    await waitFor(() => expect(items[0]).toHaveTextContent(`Its public delay ended on ${local} (${utc} UTC): it applies as soon as the owner executes it.`));
  });

  it("says nothing of a change to another page's figures", async () => {
    earnings();
    const history = mockHistory({ [PENDING]: [[operationRow({ target: addresses.MvMarket.toLowerCase(), contract: "MvMarket", functionName: "setMarketConfig", args: { minOrder_: "1", maxFillsPerBuy_: "2" } })]] });
    await renderPage("/pages/index/myProfile");
    await waitFor(() => expect(history.requests).toContain("/history/governance/operations?status=pending&limit=100"));
    await waitFor(() => expect(figure("Waiting in total")).toHaveTextContent("USD"));
    expect(screen.queryByRole("region", { name: QUEUED })).toBeNull();
  });

  it("without the indexer, says nothing: the figures are the chain's", async () => {
    earnings();
    mockHistory("down");
    await renderPage("/pages/index/myProfile");
    await waitFor(() => expect(figure("Waiting in total")).toHaveTextContent("10 USD"));
    expect(screen.queryByRole("region", { name: QUEUED })).toBeNull();
    expect(screen.queryByText(/queued/i)).toBeNull();
  });
});

describe("the other pages", () => {
  it("My Team: new VIP thresholds with the member's level under them", async () => {
    stubChain(withTerms({ Community: { memberInfo: memberInfo({ teamPerformance: 55_000n, teamPerformanceToday: 5_000n, vipLevel: 2 }), directMembers: [] } }));
    const levels = { thresholds: ["20000", "60000", "200000", "1000000", "5000000"], ratesBps: ["300", "500", "600", "800", "1000"], directs: ["1", "3", "5"] };
    mockHistory({ [PENDING]: [[operationRow({ target: addresses.Community.toLowerCase(), contract: "Community", functionName: "configureLevels", args: levels })]] });
    await renderPage("/pages/index/myTeam");
    const item = await within(await queued()).findByRole("listitem");
    await waitFor(() => expect(item).toHaveTextContent("VIP levels: team performance for V1 to V5 from 10,000 / 50,000 / 200,000 / 1,000,000 / 5,000,000 to 20,000 / 60,000"));
    expect(item).toHaveTextContent("Your VIP level goes from V2 to V1, and your dynamic revenue rate from 4% to 3%.");
  });

  const limit = () => operationRow({ target: addresses.Swap.toLowerCase(), contract: "Swap", functionName: "setDailyLimit", args: { route: "3", dailyLimitUsd: parseEther("250").toString() } });

  it("an exchange page: its own route's daily limit", async () => {
    stubChain(withTerms());
    mockHistory({ [PENDING]: [[limit()]] });
    await renderPage("/pages/index/exchangeACB");
    const item = await within(await queued()).findByRole("listitem");
    await waitFor(() => expect(item).toHaveTextContent("Daily limit of the exchange of ACB to USDT, per wallet: from 500 USD to 250 USD."));
  });

  it("an exchange page: not another route's daily limit", async () => {
    stubChain(withTerms());
    const history = mockHistory({ [PENDING]: [[limit()]] });
    await renderPage("/pages/index/exchangeMvToX");
    await waitFor(() => expect(history.requests).toContain("/history/governance/operations?status=pending&limit=100"));
    await screen.findByRole("definition", { name: "Rate" });
    expect(screen.queryByRole("region", { name: QUEUED })).toBeNull();
  });

  it("the sale list: the market's smallest order and fills per buy", async () => {
    stubChain(withTerms());
    mockHistory({
      [PENDING]: [[operationRow({ target: addresses.MvMarket.toLowerCase(), contract: "MvMarket", functionName: "setMarketConfig", args: { minOrder_: parseEther("200").toString(), maxFillsPerBuy_: "30" } })]],
    });
    await renderPage("/pages/index/salelist");
    const item = await within(await queued()).findByRole("listitem");
    await waitFor(() => expect(item).toHaveTextContent("MV market: smallest sale order from 100 to 200 MV; orders one buy fills at most from 50 to 30."));
  });

  it("a synthesis page: its token's rule, and the product passing to another owner", async () => {
    const rule = { token: addresses.X, price: parseEther("0.5"), multiple: 20n, minimum: 20n, enabled: true };
    stubChain(withTerms({ Main: { tokenRule: rule, maxHashrate: 10n ** 9n, pendingPrice: [0n, 0n] } }));
    const wallet = "0x90f79bf6eb2c4f870365e785982e1f101e93b906";
    mockHistory({
      [PENDING]: [
        [
          operationRow({ target: addresses.Main.toLowerCase(), contract: "Main", functionName: "setSynthesisRule", args: { token: addresses.X.toLowerCase(), multiple: "40", minimum: "40", enabled: true } }),
          operationRow({ target: addresses.Main.toLowerCase(), contract: "Main", functionName: "setSynthesisRule", args: { token: addresses.USDT.toLowerCase(), multiple: "200", minimum: "200", enabled: true } }),
          operationRow({ target: addresses.Main.toLowerCase(), contract: "Main", functionName: "transferOwnership", args: { newOwner: wallet } }),
        ],
      ],
    });
    await renderPage("/pages/index/miningX");
    const notice = await queued();
    await waitFor(() => expect(within(notice).getAllByRole("listitem")).toHaveLength(2));
    const [xRule, owner] = within(notice).getAllByRole("listitem");
    await waitFor(() => expect(xRule).toHaveTextContent("Synthesis with X: multiple from 20 to 40, lowest hashrate from 20 to 40; it stays open."));
    expect(owner).toHaveTextContent("Main passes to a new owner, 0x90F7…b906, once that owner accepts it.");
  });
});

describe("home", () => {
  it("loads its notices only when the indexer says something is queued, then says it", async () => {
    stubChain(withTerms());
    mockHistory({ [PENDING]: [[operationRow({ target: addresses.Main.toLowerCase(), contract: "Main", functionName: "setPriceGuard", args: { stepBps: "2000", delay: "86400" } })]] });
    await renderPage("/", { connected: false });
    const item = await within(await queued()).findByRole("listitem");
    await waitFor(() => expect(item).toHaveTextContent("Price guard: from price steps of at most 10% once every 1 day to at most 20% once every 1 day"));
  });

  it("says nothing, and loads nothing, when nothing is queued and the reserve covers what is promised", async () => {
    stubChain(withTerms({ Revenue: { coverage: [1n, 1n] } }));
    const history = mockHistory({ [PENDING]: [[]] });
    await renderPage("/", { connected: false });
    await waitFor(() => expect(history.requests).toEqual(["/history/governance/operations?status=pending&limit=1"]));
    await screen.findByRole("definition", { name: "Total ACB burned" });
    expect(screen.queryByRole("region", { name: QUEUED })).toBeNull();
    expect(screen.queryByRole("definition", { name: "Reserve coverage" })).toBeNull();
  });

  it("says the reserve's coverage while it is short, without the indexer", async () => {
    // Claims have paid 20 USD, the reserve is worth 80, 380 is promised: 100 of 400 covered.
    stubChain(withTerms({ Revenue: { coverage: [parseEther("100"), parseEther("400")] } }));
    mockHistory("down");
    await renderPage("/", { connected: false });
    expect(await screen.findByRole("definition", { name: "Reserve coverage" }, { timeout: 5_000 })).toHaveTextContent(/^25%$/);
    expect(screen.getByText("The revenue reserve covers 25% of everything owed to members: each member receives 25% of all they have been owed, and the rest waits.")).toBeInTheDocument();
  });
});
