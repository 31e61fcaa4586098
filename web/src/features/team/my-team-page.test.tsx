import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { nextUtcMidnightLocal } from "@/lib/format/time-zone";
import { stubChain } from "@/test/chain-stub";
import { mockHistory } from "@/test/history-mock";
import { memberInfo } from "@/test/members";
import { ALICE, disconnect, figure, renderPage } from "@/test/render-page";

const member = (index: number) => ({
  account: `0x${String(index + 1).padStart(40, "0")}`,
  performance: BigInt(index * 100),
  teamPerformance: BigInt(index * 1000),
  vipLevel: index % 3,
});
const MEMBERS = Array.from({ length: 13 }, (_, index) => member(index));

function team() {
  const directMembers = vi.fn((_account: string, offset: bigint, limit: bigint) => MEMBERS.slice(Number(offset), Number(offset + limit)));
  stubChain({
    Community: {
      memberInfo: memberInfo({
        inviter: ALICE,
        registeredAt: 1_700_000_000n,
        directCount: 13n,
        teamSize: 40n,
        performance: 1_200n,
        teamPerformance: 52_000n,
        teamPerformanceToday: 2_000n,
        vipLevel: 2,
        sLevel: 1,
      }),
      directMembers,
    },
  });
  return directMembers;
}

afterEach(async () => {
  await disconnect();
});

describe("community: when each member joined, from the indexer", () => {
  it("shows the date each member of the page joined, asked for in one request, and a dash for one it lacks", async () => {
    team();
    const joined = { position: "5000000", address: MEMBERS[0]!.account, referrer: ALICE.toLowerCase(), blockNumber: "5", time: "1800000000", txHash: `0x${"1".padStart(64, "0")}` };
    const history = mockHistory({ [`/members`]: [[joined]] });
    await renderPage("/pages/index/myTeam");
    const list = await screen.findByRole("region", { name: "Performance by wallet" });
    await waitFor(() => expect(within(list).getAllByRole("row")[1]).toHaveTextContent(new Date(1_800_000_000_000).toLocaleString("en", { dateStyle: "short", timeStyle: "short" })));
    expect(within(list).getAllByRole("row")[2]).toHaveTextContent("—");
    // One request for the page's join dates (the other, what the owner has queued, is the governance notices').
    const joinDates = history.requests.filter((request) => request.startsWith("/history/members"));
    expect(joinDates).toEqual([`/history/members?${MEMBERS.slice(0, 10).map((row) => `address=${row.account}`).join("&")}`]);
  });

  it("without the indexer, says history is unavailable under the list, which stays", async () => {
    team();
    mockHistory("down");
    await renderPage("/pages/index/myTeam");
    const list = await screen.findByRole("region", { name: "Performance by wallet" });
    expect(await within(list).findByText("History is unavailable right now. Everything else works as usual.")).toBeInTheDocument();
    expect(within(list).getAllByRole("row")).toHaveLength(11);
  });
});

describe("community", () => {
  it("shows the community, performance and levels, with the daily refresh note", async () => {
    team();
    await renderPage("/pages/index/myTeam");
    await waitFor(() => expect(figure("My community")).toHaveTextContent("40 members"));
    expect(figure("Direct members")).toHaveTextContent("13");
    expect(figure("My performance")).toHaveTextContent("1,200 hashrate");
    expect(figure("Team performance")).toHaveTextContent("52,000 hashrate");
    expect(figure("VIP level")).toHaveTextContent("V2");
    expect(figure("S level")).toHaveTextContent("S1");
    // The day boundary is the chain's, 00:00 UTC, and said on the user's clock too.
    expect(screen.getByText(`The VIP level refreshes daily at 00:00 UTC (${nextUtcMidnightLocal("en")} your time).`)).toBeInTheDocument();
    expect(screen.getByText(/2,000 of it was gained today/)).toBeInTheDocument();
  });

  it("lists direct members with their performance, ten at a time", async () => {
    const directMembers = team();
    await renderPage("/pages/index/myTeam");
    const list = await screen.findByRole("region", { name: "Performance by wallet" });
    await waitFor(() => expect(within(list).getAllByRole("row")).toHaveLength(11));
    const pages = within(list).getByRole("navigation", { name: "Pages" });
    expect(within(pages).getByText("Page 1 of 2")).toBeInTheDocument();
    fireEvent.click(within(pages).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(within(list).getAllByRole("row")).toHaveLength(4));
    expect(directMembers).toHaveBeenLastCalledWith(expect.anything(), 10n, 10n);
  });
});
