import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ZeroAddress } from "ethers/constants";
import { afterEach, describe, expect, it } from "vitest";

import { useAppStore } from "@/store";
import { mockAccountApi, type ApiMember } from "@/test/account-api-mock";
import { stubChain } from "@/test/chain-stub";
import { memberInfo } from "@/test/members";
import { ALICE, BOB, disconnect, field, figure, renderPage, toastKeys, where } from "@/test/render-page";

const info = (registered: boolean) =>
  memberInfo({
    registered,
    inviter: registered ? ALICE : ZeroAddress,
    settler: registered ? BOB : ZeroAddress,
    registeredAt: registered ? 1_700_000_000n : 0n,
    directCount: 2n,
    teamSize: 5n,
    performance: 300n,
    teamPerformance: 12_000n,
    vipLevel: 1,
  });

afterEach(async () => {
  await disconnect();
});

describe("query", () => {
  it("shows the member's account from the API: account, wallet, referrer and registration time", async () => {
    stubChain();
    const member: ApiMember = { account: "alice", password: "secret!", wallet: ALICE, referrer: BOB, registeredAt: "2026-01-02T03:04:00.000Z" };
    const api = mockAccountApi([member]);
    const token = api.sessionFor(member);
    useAppStore.getState().setUser(ALICE, token);
    await renderPage("/pages/index/query");
    expect(await screen.findByRole("definition", { name: "Account" })).toHaveTextContent("alice");
    expect(figure("Wallet address")).toHaveTextContent(ALICE);
    expect(figure("Referrer wallet address")).toHaveTextContent(BOB);
    expect(figure("Registered at")).toHaveTextContent(new Date(member.registeredAt).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" }));
    expect(api.calls).toEqual([{ route: "/account", body: undefined, token }]);
  });

  it("offers to log in when there is no session", async () => {
    stubChain();
    await renderPage("/pages/index/query");
    expect(await screen.findByText("Log in to see your account.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/pages/bindOrRegister/bindOrRegister");
  });

  it("says 'Incorrect format' for what is not an address, and prompts when empty", async () => {
    stubChain();
    await renderPage("/pages/index/query", { connected: false });
    fireEvent.click(await screen.findByRole("button", { name: "Query" }));
    expect(await screen.findByText("Please enter the wallet address", { selector: "span" })).toBeInTheDocument();
    fireEvent.change(field("Wallet address"), { target: { value: "hello" } });
    expect(await screen.findByText("Incorrect format", { selector: "span" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Query" }));
    // Once, under the field: no pop-up repeats it.
    expect(screen.getAllByText("Incorrect format")).toHaveLength(1);
    expect(toastKeys()).toEqual([]);
    expect(where()).toMatch("/pages/index/query");
  });

  it("opens the member page of a valid address", async () => {
    stubChain({ Community: { memberInfo: info(true) } });
    await renderPage("/pages/index/query", { connected: false });
    fireEvent.change(await screen.findByLabelText("Wallet address", { selector: "input" }), { target: { value: BOB.toLowerCase() } });
    fireEvent.click(screen.getByRole("button", { name: "Query" }));
    await waitFor(() => expect(where()).toMatch(`/pages/memberInfo/memberInfo?address=${BOB}`));
    await waitFor(() => expect(figure("Registered")).toHaveTextContent("Yes"));
    expect(figure("Superior address")).toHaveTextContent(ALICE);
    expect(figure("Hashrate")).toHaveTextContent("300 hashrate");
    expect(figure("Team performance")).toHaveTextContent("12,000 hashrate");
    expect(figure("VIP level")).toHaveTextContent("V1");
    // Another member's community is not "my community".
    expect(screen.queryByText("My community")).toBeNull();
    expect(screen.getByText("Community size")).toBeInTheDocument();
  });

  it("says when an address is not registered", async () => {
    stubChain({ Community: { memberInfo: info(false) } });
    await renderPage(`/pages/memberInfo/memberInfo?address=${BOB}`, { connected: false });
    await waitFor(() => expect(figure("Registered")).toHaveTextContent("No"));
    expect(screen.getByText("This wallet has not joined yet.")).toBeInTheDocument();
  });
});
