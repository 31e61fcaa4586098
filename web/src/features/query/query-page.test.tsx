import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ZeroAddress } from "ethers/constants";
import { afterEach, describe, expect, it } from "vitest";

import { stubChain } from "@/test/chain-stub";
import { ALICE, BOB, disconnect, renderPage } from "@/test/render-page";

const info = (registered: boolean) => ({
  registered,
  isGenesis: false,
  inviter: registered ? ALICE : ZeroAddress,
  settler: registered ? BOB : ZeroAddress,
  registeredAt: registered ? 1_700_000_000n : 0n,
  directCount: 2n,
  teamSize: 5n,
  performance: 300n,
  teamPerformance: 12_000n,
  teamPerformanceToday: 0n,
  vipLevel: 1,
  sLevel: 0,
});

afterEach(async () => {
  await disconnect();
});

describe("query", () => {
  it("says 'Incorrect format' for what is not an address, and prompts when empty", async () => {
    stubChain();
    await renderPage("/pages/index/query", { connected: false });
    fireEvent.click(await screen.findByTestId("query-submit"));
    expect(await screen.findByText("Please enter the wallet address", { selector: "span" })).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("query-input"), { target: { value: "hello" } });
    expect(await screen.findByText("Incorrect format", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByTestId("where")).toHaveTextContent("/pages/index/query");
  });

  it("opens the member page of a valid address", async () => {
    stubChain({ Community: { memberInfo: info(true) } });
    await renderPage("/pages/index/query", { connected: false });
    fireEvent.change(await screen.findByTestId("query-input"), { target: { value: BOB.toLowerCase() } });
    fireEvent.click(screen.getByTestId("query-submit"));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(`/pages/memberInfo/memberInfo?address=${BOB}`));
    await waitFor(() => expect(screen.getByTestId("member-registered")).toHaveTextContent("Yes"));
    expect(screen.getByTestId("member-inviter")).toHaveTextContent(ALICE);
    expect(screen.getByTestId("member-power")).toHaveTextContent("300");
    expect(screen.getByTestId("member-team-performance")).toHaveTextContent("12,000");
    expect(screen.getByTestId("member-vip")).toHaveTextContent("V1");
  });

  it("says when an address is not registered", async () => {
    stubChain({ Community: { memberInfo: info(false) } });
    await renderPage(`/pages/memberInfo/memberInfo?address=${BOB}`, { connected: false });
    await waitFor(() => expect(screen.getByTestId("member-registered")).toHaveTextContent("No"));
    expect(screen.getByText("This wallet has not joined yet.")).toBeInTheDocument();
  });
});
