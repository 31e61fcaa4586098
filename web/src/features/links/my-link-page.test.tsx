import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ZeroAddress } from "ethers/constants";
import { afterEach, describe, expect, it, vi } from "vitest";

import { addresses } from "@/config/addresses";
import { stubChain } from "@/test/chain-stub";
import { memberInfo } from "@/test/members";
import { ALICE, BOB, disconnect, figure, renderPage, toastKeys, where } from "@/test/render-page";
import { expectNothingSent, resetSent, sent, walletSendMock } from "@/test/wallet-send-mock";

import { referralLink } from "./my-link-page";

vi.mock("@/lib/transactions/wallet-send", () => walletSendMock());

const info = (registered = true, inviter = BOB) => memberInfo({ registered, inviter });

afterEach(async () => {
  await disconnect();
  resetSent();
});

/** A token whose first price Main has announced, not yet in force. */
const ANNOUNCED_TOKEN = "0x3333333333333333333333333333333333333333";

describe("my links", () => {
  it("shows the own and superior addresses, the referral link and the settler", async () => {
    stubChain({ Community: { memberInfo: info() } });
    await renderPage("/pages/index/myLink");
    await waitFor(() => expect(figure("My address")).toHaveTextContent(ALICE));
    await waitFor(() => expect(figure("Superior address")).toHaveTextContent(BOB));
    expect(figure("Referral link")).toHaveTextContent(`#/?ref=${ALICE}`);
    expect(figure("Settler")).toHaveTextContent(ALICE);
    expect(screen.getByRole("link", { name: "Change" })).toHaveAttribute("href", "/pages/index/changeSettler");
  });

  it("copies the referral link", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    stubChain({ Community: { memberInfo: info() } });
    await renderPage("/pages/index/myLink");
    fireEvent.click(await screen.findByRole("button", { name: "Copy" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(referralLink(ALICE)));
    expect(referralLink(ALICE, "https://app.example", "/")).toBe(`https://app.example/#/?ref=${ALICE}`);
  });

  it("offers no referral link to a wallet that is not registered, and says to register first", async () => {
    stubChain({ Community: { memberInfo: info(false, ZeroAddress) } });
    await renderPage("/pages/index/myLink");
    await waitFor(() => expect(figure("Referral link")).toHaveTextContent("Register first to get your referral link."));
    expect(screen.queryByRole("button", { name: "Copy" })).toBeNull();
    expect(figure("Referral link")).not.toHaveTextContent("ref=");
    expect(screen.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/pages/register/register");
  });

  it("says when the wallet has no superior or is not registered", async () => {
    stubChain({ Community: { memberInfo: info(true, ZeroAddress) } });
    await renderPage("/pages/index/myLink");
    await waitFor(() => expect(figure("Superior address")).toHaveTextContent("None (the first member)"));
  });
});

describe("change settler", () => {
  async function typeSettler(value: string) {
    fireEvent.change(await screen.findByLabelText("Settler wallet address", { selector: "input" }), { target: { value } });
  }

  it.each([
    ["not an address", "0x1234"],
    ["a wrong checksum", "0x70997970c51812dc3a010c7d01b50e0d17dc79C8"],
    ["the zero address", ZeroAddress],
  ])("says 'Incorrect format' for %s, and sends nothing", async (_label, value) => {
    stubChain({ Community: { memberInfo: info() } });
    await renderPage("/pages/index/changeSettler");
    await typeSettler(value);
    expect(await screen.findByText("Incorrect format", { selector: "span" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Change settler" }));
    await expectNothingSent();
  });

  it("says the address already is the settler, in any case, and sends nothing", async () => {
    stubChain({ Community: { memberInfo: info() } });
    await renderPage("/pages/index/changeSettler");
    await waitFor(() => expect(figure("Current settler")).toHaveTextContent(ALICE));
    await typeSettler(ALICE.toLowerCase());
    expect(await screen.findByText("This address is already your settler.", { selector: "span" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Change settler" }));
    await expectNothingSent();
    expect(toastKeys()).toEqual([]);
  });

  it.each([
    ["Main", () => addresses.Main],
    ["Community", () => addresses.Community],
    ["a token Main prices", () => addresses.USDT],
    ["a token Main has announced a first price for", () => ANNOUNCED_TOKEN],
    ["a contract whose main() is Main", () => addresses.Swap],
  ])("refuses %s under the field, as Community would, and sends nothing", async (_label, address) => {
    stubChain({
      Community: { memberInfo: info() },
      Main: {
        priceOf: (token: string) => (token === addresses.USDT ? 10n ** 18n : 0n),
        pendingPrice: (token: string) => (token.toLowerCase() === ANNOUNCED_TOKEN.toLowerCase() ? [10n ** 18n, 2_000_000_000n] : [0n, 0n]),
      },
      Swap: { main: addresses.Main },
    });
    await renderPage("/pages/index/changeSettler");
    await waitFor(() => expect(figure("Current settler")).toHaveTextContent(ALICE));
    await typeSettler(address().toLowerCase());
    const message = "This is one of the app's own contracts: claims sent there could never be used. Enter a wallet address.";
    expect(await screen.findByText(message, { selector: "span[role=alert]" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Change settler" }));
    await expectNothingSent();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(toastKeys()).toEqual([]);
    // A wallet typed instead: the refusal goes.
    await typeSettler(BOB);
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
  });

  it.each([
    ["the chain's shared Multicall3 (anyone can make it send what it holds)", () => addresses.Multicall3],
    ["a precompile", () => "0x0000000000000000000000000000000000000001"],
    ["a system contract of BNB Chain", () => "0x0000000000000000000000000000000000001000"],
  ])("refuses %s under the field, and sends nothing", async (_label, address) => {
    stubChain({ Community: { memberInfo: info() } });
    await renderPage("/pages/index/changeSettler");
    await waitFor(() => expect(figure("Current settler")).toHaveTextContent(ALICE));
    await typeSettler(address());
    expect(await screen.findByText(/^No one can receive claims at this address/, { selector: "span[role=alert]" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Change settler" }));
    await expectNothingSent();
    expect(toastKeys()).toEqual([]);
  });

  it("lets a contract be the settler only once the member confirms it is a wallet they control (a Safe)", async () => {
    const safe = "0x1111111111111111111111111111111111111111";
    stubChain({ Community: { memberInfo: info() } }, 100n, { code: (address) => (address.toLowerCase() === safe ? "0x6080604052" : "0x") });
    await renderPage("/pages/index/changeSettler");
    await waitFor(() => expect(figure("Current settler")).toHaveTextContent(ALICE));
    // A wallet: no word about it.
    await typeSettler(BOB);
    await expectNothingSent();
    expect(screen.queryByText(/^This address is a contract\./)).toBeNull();
    await typeSettler(safe);
    expect(await screen.findByText(/^This address is a contract\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Change settler" }));
    expect(await screen.findByText(/^This address is a contract\. Anyone may be able to take claims/, { selector: "span[role=alert]" })).toBeInTheDocument();
    await expectNothingSent();
    fireEvent.click(screen.getByRole("checkbox", { name: "This contract is a wallet I control (such as a Safe)" }));
    fireEvent.click(screen.getByRole("button", { name: "Change settler" }));
    await waitFor(() => expect(sent).toEqual([{ contract: "Community", method: "changeSettler", args: [safe] }]));
  });

  it("asks again for the member's word when another contract is typed after one was confirmed", async () => {
    const [safe, other] = ["0x1111111111111111111111111111111111111111", "0x2222222222222222222222222222222222222222"];
    stubChain({ Community: { memberInfo: info() } }, 100n, { code: (address) => ([safe, other].includes(address.toLowerCase()) ? "0x6080604052" : "0x") });
    await renderPage("/pages/index/changeSettler");
    await waitFor(() => expect(figure("Current settler")).toHaveTextContent(ALICE));
    await typeSettler(safe);
    fireEvent.click(await screen.findByRole("checkbox", { name: "This contract is a wallet I control (such as a Safe)" }));
    await typeSettler(other);
    const confirm = await screen.findByRole("checkbox", { name: "This contract is a wallet I control (such as a Safe)" });
    expect(confirm).not.toBeChecked();
    fireEvent.click(screen.getByRole("button", { name: "Change settler" }));
    expect(await screen.findByText(/^This address is a contract\. Anyone may be able to take claims/, { selector: "span[role=alert]" })).toBeInTheDocument();
    await expectNothingSent();
  });

  it("refuses a product contract typed and sent at once, before the answer came", async () => {
    stubChain({ Community: { memberInfo: info() }, Swap: { main: addresses.Main } });
    await renderPage("/pages/index/changeSettler");
    await waitFor(() => expect(figure("Current settler")).toHaveTextContent(ALICE));
    await typeSettler(addresses.Swap);
    fireEvent.click(screen.getByRole("button", { name: "Change settler" }));
    // While the chain is asked what the address is, the press shows it was taken.
    expect(screen.getByRole("button", { name: "Preparing…" })).toBeDisabled();
    expect(await screen.findByText(/^This is one of the app's own contracts/, { selector: "span[role=alert]" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change settler" })).toBeEnabled();
    await expectNothingSent();
  });

  it("sends nothing for an address edited while the chain was asked about it: the field's address was never pressed", async () => {
    const other = "0x4444444444444444444444444444444444444444";
    stubChain({ Community: { memberInfo: info() } });
    await renderPage("/pages/index/changeSettler");
    await waitFor(() => expect(figure("Current settler")).toHaveTextContent(ALICE));
    await typeSettler(BOB);
    fireEvent.click(screen.getByRole("button", { name: "Change settler" }));
    expect(screen.getByRole("button", { name: "Preparing…" })).toBeDisabled();
    // Edited before the answer came.
    fireEvent.change(screen.getByLabelText("Settler wallet address", { selector: "input" }), { target: { value: other } });
    await waitFor(() => expect(screen.getByRole("button", { name: "Change settler" })).toBeEnabled());
    await expectNothingSent();
  });

  it("prompts for the settler address", async () => {
    stubChain({ Community: { memberInfo: info() } });
    await renderPage("/pages/index/changeSettler");
    fireEvent.click(await screen.findByRole("button", { name: "Change settler" }));
    expect(await screen.findByText("Please enter the settler wallet address", { selector: "span" })).toBeInTheDocument();
  });

  it("changes the settler to a checksummed address and goes back to the links", async () => {
    stubChain({ Community: { memberInfo: info() } });
    await renderPage("/pages/index/changeSettler");
    await typeSettler(BOB.toLowerCase());
    fireEvent.click(screen.getByRole("button", { name: "Change settler" }));
    await waitFor(() => expect(sent).toEqual([{ contract: "Community", method: "changeSettler", args: [BOB] }]));
    await waitFor(() => expect(toastKeys()).toContain("common:messages.settlerChanged"));
    await waitFor(() => expect(where()).toMatch("/pages/index/myLink"));
  });
});
