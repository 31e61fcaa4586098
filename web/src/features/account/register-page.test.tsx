import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { useAppStore } from "@/store";
import { stubChain } from "@/test/chain-stub";
import { ALICE, BOB, disconnect, renderPage, toastKeys } from "@/test/render-page";
import { resetSent, sent, signingMock } from "@/test/signing-mock";

vi.mock("@/lib/contracts/signing", () => signingMock());

const CAROL = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

function chain({ registered = false, known = [BOB] } = {}) {
  return stubChain({
    Community: {
      memberInfo: {
        registered,
        isGenesis: false,
        inviter: registered ? BOB : "0x0000000000000000000000000000000000000000",
        settler: ALICE,
        registeredAt: 0n,
        directCount: 0n,
        teamSize: 0n,
        performance: 0n,
        teamPerformance: 0n,
        teamPerformanceToday: 0n,
        vipLevel: 0,
        sLevel: 0,
      },
      isRegistered: (address: string) => known.includes(address),
    },
  });
}

afterEach(async () => {
  await disconnect();
  resetSent();
  act(() => useAppStore.getState().setRef(""));
});

describe("register", () => {
  it("fills the referrer in from the referral link and registers on chain", async () => {
    act(() => useAppStore.getState().setRef(BOB));
    chain();
    await renderPage("/pages/register/register");
    const input = await screen.findByTestId("referrer-input");
    expect(input).toHaveValue(BOB);
    expect(screen.getByText("Filled in from your referral link")).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("register-submit"));
    await waitFor(() => expect(sent).toEqual([{ contract: "Community", method: "register", args: [BOB] }]));
    await waitFor(() => expect(toastKeys()).toContain("common:messages.registerSuccessful"));
  });

  it("refuses an empty, malformed, own or unknown referrer, and sends nothing", async () => {
    chain();
    await renderPage("/pages/register/register");
    fireEvent.click(await screen.findByTestId("register-submit"));
    expect(await screen.findByText("Please enter the referrer wallet address", { selector: "span" })).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("referrer-input"), { target: { value: "0xabc" } });
    expect(await screen.findByText("Incorrect format", { selector: "span" })).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("referrer-input"), { target: { value: ALICE } });
    expect(await screen.findByText("You cannot use your own address as the referrer.", { selector: "span" })).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("referrer-input"), { target: { value: CAROL } });
    expect(await screen.findByText("The referrer wallet address is not registered.", { selector: "span" })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("register-submit"));
    expect(sent).toEqual([]);
  });

  it("says when the wallet is registered already", async () => {
    chain({ registered: true });
    await renderPage("/pages/register/register");
    expect(await screen.findByText("This wallet is registered.")).toBeInTheDocument();
    expect(screen.queryByTestId("register-submit")).toBeNull();
  });
});
