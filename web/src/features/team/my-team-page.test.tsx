import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { stubChain } from "@/test/chain-stub";
import { memberInfo } from "@/test/members";
import { ALICE, disconnect, renderPage } from "@/test/render-page";

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

describe("community", () => {
  it("shows the community, performance and levels, with the daily refresh note", async () => {
    team();
    await renderPage("/pages/index/myTeam");
    await waitFor(() => expect(screen.getByTestId("team-size")).toHaveTextContent("40 members"));
    expect(screen.getByTestId("direct-count")).toHaveTextContent("13");
    expect(screen.getByTestId("my-performance")).toHaveTextContent("1,200 hashrate");
    expect(screen.getByTestId("team-performance")).toHaveTextContent("52,000 hashrate");
    expect(screen.getByTestId("vip-level")).toHaveTextContent("V2");
    expect(screen.getByTestId("s-level")).toHaveTextContent("S1");
    expect(screen.getByText("The VIP level refreshes daily at 00:00.")).toBeInTheDocument();
    expect(screen.getByText(/2,000 of it was gained today/)).toBeInTheDocument();
  });

  it("lists direct members with their performance, ten at a time", async () => {
    const directMembers = team();
    await renderPage("/pages/index/myTeam");
    const list = await screen.findByTestId("team-list");
    await waitFor(() => expect(within(list).getAllByRole("row")).toHaveLength(11));
    expect(screen.getByTestId("pager-page")).toHaveTextContent("Page 1 of 2");
    fireEvent.click(screen.getByTestId("pager-next"));
    await waitFor(() => expect(within(list).getAllByRole("row")).toHaveLength(4));
    expect(directMembers).toHaveBeenLastCalledWith(expect.anything(), 10n, 10n);
  });
});
