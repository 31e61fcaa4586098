/**
 * The terms page (docs/decisions/governance.md): the terms in force from the chain, what is queued
 * against them, what changed before and who may change them; without the indexer, the terms all
 * the same and one calm line.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it } from "vitest";

import { addresses } from "@/config/addresses";
import { stubChain } from "@/test/chain-stub";
import { ADMIN, CHAIN_NOW, ROLES_ROW, operationRow, withTerms } from "@/test/governance";
import { mockHistory } from "@/test/history-mock";
import { disconnect, expectFigures, figure, renderPage } from "@/test/render-page";

afterEach(async () => {
  await disconnect();
});

const card = (name: string) => screen.findByRole("region", { name });

describe("the terms page", () => {
  it("lists the terms in force, read from the chain, by what they govern", async () => {
    const chain = stubChain(withTerms());
    mockHistory({ "/governance/roles": [[ROLES_ROW]] });
    await renderPage("/pages/terms/terms", { connected: false });
    await waitFor(() => expect(figure("Daily rate of machine revenue")).toHaveTextContent(/^1%$/), { timeout: 5_000 });
    expectFigures({
      "Preaching gold rates, first / second / third generation": "10% / 5% / 3%",
      "Least time between two claims": "1 min",
      "Generations counted in team performance": "20",
      "VIP V1 to V5: team performance, USD": "10,000 / 50,000 / 200,000 / 1,000,000 / 5,000,000",
      "VIP V1 to V5: dynamic revenue rates": "2% / 4% / 6% / 8% / 10%",
      "S1 to S3: direct members at V1 or above": "1 / 3 / 5",
      "Lucky pool's share of each synthesis": "5%",
      "Max machine pool's share of each synthesis": "5%",
      "Lucky countdown": "10 min",
      "Max machine round": "1 day",
      "Price guard": "Steps of at most 10%, once every 1 day",
      Treasury: "0xf39F…2266",
      "Smallest sale order": "100 MV",
      "Orders one buy fills at most": "50",
      "MV to X": "1,000 USD",
      "ACB to USDT": "500 USD",
      "USDT to ACB": "no limit",
      "Owner of the product (AccessManager)": "0x8A79…C318",
      "A change not executed within this after its delay expires": "7 days",
    });
    // Who may change them, and how long a change waits: the admin from history, its delay from the manager.
    await waitFor(() => expect(figure("Admin")).toHaveTextContent("0xf39F…2266"));
    await waitFor(() => expect(figure("Delay before a change can apply")).toHaveTextContent(/^10 min$/));
    expect(chain.reads).toContain("AccessManager.getAccess");
  });

  it("lists what is queued, from the value in force to the one it sets, and the changes made before with what became of them", async () => {
    stubChain(withTerms());
    const executedAt = CHAIN_NOW - 3_600;
    mockHistory({
      "/governance/roles": [[ROLES_ROW]],
      "/governance/operations?status=pending": [[operationRow()]],
      "/governance/operations?status=past": [
        [
          operationRow({ status: "executed", functionName: "setClaimInterval", args: { interval: "120" }, closedTime: String(executedAt), closedTxHash: `0x${"c".repeat(64)}` }),
          operationRow({ status: "cancelled", target: addresses.Swap.toLowerCase(), contract: "Swap", functionName: "setDailyLimit", args: { route: "0", dailyLimitUsd: parseEther("10").toString() }, closedTime: String(executedAt) }),
          operationRow({ status: "expired", target: addresses.Main.toLowerCase(), contract: "Main", functionName: "setTreasury", args: { treasury_: ADMIN.toLowerCase() } }),
        ],
      ],
    });
    await renderPage("/pages/terms/terms", { connected: false });
    const queued = await card("Queued changes");
    await waitFor(() => expect(within(queued).getByRole("listitem")).toHaveTextContent("Daily rate of machine revenue: from 1% to 0.5% of a record's value a day."));
    const past = within(await card("Past changes"));
    const [interval, limit, treasury] = await past.findAllByRole("listitem");
    expect(interval).toHaveTextContent("Least time between two claims: 2 min");
    expect(interval).toHaveTextContent(`Applied ${new Date(executedAt * 1000).toLocaleString("en", { dateStyle: "short", timeStyle: "short" })}`);
    expect(limit).toHaveTextContent("Exchange daily limit, MV to X: 10 USD");
    expect(limit).toHaveTextContent("Cancelled");
    expect(treasury).toHaveTextContent("Treasury: 0xf39F…2266");
    expect(treasury).toHaveTextContent("Expired without being executed");
  });

  it("says when nothing is queued", async () => {
    stubChain(withTerms());
    mockHistory({ "/governance/roles": [[ROLES_ROW]] });
    await renderPage("/pages/terms/terms", { connected: false });
    expect(await within(await card("Queued changes")).findByText("No change is queued.")).toBeInTheDocument();
    expect(await within(await card("Past changes")).findByText("No change has been made through the manager yet.")).toBeInTheDocument();
  });

  it("without the indexer, lists the terms from the chain all the same, and says so in one line", async () => {
    stubChain(withTerms());
    mockHistory("down");
    await renderPage("/pages/terms/terms", { connected: false });
    expect(
      await screen.findByText("History is unavailable right now: the terms on this page are read from the chain; the changes queued and made before, and the admin, show when it is back.", undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(figure("Daily rate of machine revenue")).toHaveTextContent(/^1%$/));
    await waitFor(() => expect(figure("Admin")).toHaveTextContent(/^—$/));
    expect(screen.queryByRole("region", { name: "Queued changes" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Past changes" })).toBeNull();
    expect(screen.queryAllByText(/unavailable/)).toHaveLength(1);
  });
});
