import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { ZeroAddress } from "ethers/constants";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { TOKEN_SYMBOLS } from "@/config/contract-names";
import { useAppStore } from "@/store";
import { stubChain } from "@/test/chain-stub";
import { ALICE, BOB, disconnect, renderPage } from "@/test/render-page";
import { resetSent, sent, signingMock } from "@/test/signing-mock";

vi.mock("@/lib/contracts/signing", () => signingMock());

const NOW = 1_800_000_000n;
const pools = (luckyEndsAt: bigint) => ({
  Main: {
    luckyPool: { amount: parseEther("140"), endsAt: luckyEndsAt, lastMiner: BOB, lastWinner: ZeroAddress, lastPrize: 0n, round: 1n },
    maxPool: { amount: parseEther("70"), endsAt: NOW + 3_600n, leader: ALICE, leaderHashrate: 1_000n, lastWinner: ZeroAddress, lastPrize: 0n, round: 1n },
    totalAcbBurned: parseEther("50"),
  },
  ...Object.fromEntries(TOKEN_SYMBOLS.map((symbol, index) => [symbol, { balanceOf: parseEther(String(index + 1)) }])),
});

afterEach(async () => {
  await disconnect();
  resetSent();
  useAppStore.setState({ user: { account: null, token: null }, sessions: {} });
});

describe("home", () => {
  it("shows the pools, the last miner, the ACB burned and every balance, read in one batch", async () => {
    const chain = stubChain(pools(NOW + 300n));
    await renderPage("/");
    expect(await screen.findByTestId("lucky-amount")).toHaveTextContent("140 USDT");
    expect(screen.getByTestId("lucky-countdown")).toHaveTextContent(/^[45]:\d\d$/);
    expect(screen.getByTestId("lucky-winner")).toHaveTextContent("None yet");
    expect(screen.getByTestId("last-miner")).toHaveTextContent("0x3C44…93BC");
    expect(screen.getByTestId("max-amount")).toHaveTextContent("70 USDT");
    expect(screen.getByTestId("max-power")).toHaveTextContent("1,000");
    expect(screen.getByTestId("max-leader")).toHaveTextContent("0x7099…79C8");
    expect(screen.getByTestId("acb-burned")).toHaveTextContent("50 ACB");
    await waitFor(() => expect(screen.getByTestId("balance-ZYB")).toHaveTextContent("9"));
    expect(screen.getByTestId("balance-MV")).toHaveTextContent("1");
    expect(chain.batches()).toBe(1);
    expect(screen.queryByTestId("settle-lucky")).toBeNull();
  });

  it("offers to settle a pool whose countdown has ended", async () => {
    stubChain(pools(NOW - 1n));
    await renderPage("/");
    fireEvent.click(await screen.findByTestId("settle-lucky"));
    await waitFor(() => expect(sent).toEqual([{ contract: "Main", method: "settleLuckyPool", args: [] }]));
  });

  it("says 'Please Login' with the ways in until the user has a session", async () => {
    stubChain(pools(NOW + 300n));
    await renderPage("/");
    const panel = await screen.findByTestId("please-login");
    expect(panel).toHaveTextContent("Please Login");
    expect(screen.getByRole("link", { name: "Account bind" })).toHaveAttribute("href", "/pages/bind/bind");
    expect(screen.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/pages/register/register");
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/pages/bindOrRegister/bindOrRegister");
    act(() => useAppStore.getState().setUser(ALICE, "session-token"));
    expect(screen.queryByTestId("please-login")).toBeNull();
  });

  it("shows the pools without a wallet, and asks for one for the balances", async () => {
    const chain = stubChain(pools(NOW + 300n));
    await renderPage("/", { connected: false });
    expect(await screen.findByTestId("lucky-amount")).toHaveTextContent("140 USDT");
    expect(screen.getByText("Connect your wallet to see your figures and take part.")).toBeInTheDocument();
    expect(chain.reads).not.toContain("MV.balanceOf");
  });
});
