import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ERC20__factory, MvMarket__factory } from "@typechain/index";

import { addresses } from "@/config/addresses";
import { stubChain } from "@/test/chain-stub";
import { ALICE, BOB, card, disconnect, field, figure, queryFigure, refusalText, renderPage, toastKeys } from "@/test/render-page";
import { useAppStore } from "@/store";
import { expectNothingSent, logsNext, resetSent, sent, walletSendMock } from "@/test/wallet-send-mock";

vi.mock("@/lib/transactions/wallet-send", () => walletSendMock());

/** MV and USDT both at 1 USD; a buy fills at most `fillable` MV (what the orders one buy may fill
 *  hold). The queue starts with `own` MV of the connected account's own order (order 7), then
 *  bob's order 8 holds the rest. */
function market({
  forSale = parseEther("880"),
  allowance = parseEther("1000"),
  fillable = undefined as bigint | undefined,
  own = 0n,
} = {}) {
  const bought = (usdt: bigint) => {
    const limit = fillable ?? forSale;
    return usdt < limit ? usdt : limit;
  };
  return stubChain({
    MV: { balanceOf: parseEther("500"), allowance },
    USDT: { balanceOf: parseEther("300"), allowance },
    MvMarket: {
      mvForSale: forSale,
      minOrder: parseEther("1"),
      maxFillsPerBuy: 50n,
      quoteBuy: (usdt: bigint) => [bought(usdt), bought(usdt)],
      previewBuy: (usdt: bigint) => {
        const mv = bought(usdt);
        const fromOwn = mv < own ? mv : own;
        const fills = [];
        if (fromOwn > 0n) fills.push([7n, ALICE, fromOwn, fromOwn, fromOwn === own]);
        if (mv > fromOwn) fills.push([8n, BOB, mv - fromOwn, mv - fromOwn, mv - fromOwn === forSale - own]);
        return fills;
      },
    },
    Main: { priceOf: (token: string) => (token === addresses.MV ? parseEther("1") : parseEther("1")) },
  });
}

const LIST = "List MV for sale";
const BUY = "Buy MV with USDT";
const listAmount = () => field("MV to sell");
const buyAmount = () => field("USDT amount");
const list = () => screen.getByRole("button", { name: "List for sale" });
const buy = () => screen.getByRole("button", { name: "Buy MV" });
/** What a confirmed buy says it bought, over the orders it filled. */
const BOUGHT = /^Bought [\d.,]+ MV; you paid/;

async function loaded() {
  await waitFor(() => expect(figure("MV for sale")).not.toHaveTextContent("…"));
}

afterEach(async () => {
  await disconnect();
  resetSent();
});

describe("MV exchange", () => {
  it("lists MV for sale", async () => {
    market();
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(listAmount(), { target: { value: "25" } });
    fireEvent.click(list());
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "list", args: [parseEther("25")] }]));
    await waitFor(() => expect(toastKeys()).toContain("common:messages.listSuccessful"));
  });

  it("refuses less than the minimum order and more MV than held", async () => {
    market();
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(listAmount(), { target: { value: "0.5" } });
    expect(listAmount()).toHaveAttribute("placeholder", "MV to sell");
    expect(buyAmount()).toHaveAttribute("placeholder", "USDT to pay");
    expect(await screen.findByText("The amount is below the minimum order of 1 MV.")).toBeInTheDocument();
    fireEvent.change(listAmount(), { target: { value: "501" } });
    expect(await screen.findByText("MV not enough", { selector: "span" })).toBeInTheDocument();
    fireEvent.click(list());
    await expectNothingSent();
  });

  it("prompts for the USDT amount, estimates the MV, and buys", async () => {
    market();
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.click(buy());
    expect(await screen.findByText("Please enter the USDT amount", { selector: "span" })).toBeInTheDocument();
    fireEvent.change(buyAmount(), { target: { value: "120" } });
    await waitFor(() => expect(figure("You receive about")).toHaveTextContent("120 MV"));
    // The buyer agrees to at least the estimate less 0.5%.
    expect(figure("You receive at least")).toHaveTextContent("119.4 MV");
    // All of it from other sellers: all of it is paid, and no word of the buyer's own orders.
    expect(figure("You pay")).toHaveTextContent("120 USDT");
    expect(screen.queryByText(/from your own sale orders/)).toBeNull();
    expect(screen.queryByText(/^One buy fills at most/)).toBeNull();
    fireEvent.click(buy());
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "buy", args: [parseEther("120"), parseEther("119.4")] }]));
  });

  it("buys at least the estimate less the user's tolerance, and says which", async () => {
    useAppStore.setState({ toleranceBps: 10 });
    market();
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(buyAmount(), { target: { value: "120" } });
    await waitFor(() => expect(figure("You receive about")).toHaveTextContent("120 MV"));
    // 120 MV less 0.1%.
    expect(figure("You receive at least")).toHaveTextContent("119.88 MV");
    expect(screen.getByText("Includes a 0.1% price tolerance: past it, the transaction fails and takes none of your tokens.")).toBeInTheDocument();
    fireEvent.click(buy());
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "buy", args: [parseEther("120"), parseEther("119.88")] }]));
  });

  it("says before buying when one buy fills only part of the amount, and what stays with the buyer", async () => {
    // 880 MV for sale, but the 50 oldest orders hold only 50 MV (dust orders).
    market({ fillable: parseEther("50") });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(buyAmount(), { target: { value: "120" } });
    await waitFor(() => expect(figure("You receive about")).toHaveTextContent("50 MV"));
    expect(screen.getByText("One buy fills at most 50 orders: this one buys 50 MV for 50 USDT, and the other 70 USDT stays with you.")).toBeInTheDocument();
    fireEvent.click(buy());
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "buy", args: [parseEther("120"), parseEther("49.75")] }]));
  });

  it("says before buying how much comes from the buyer's own orders, and what is really paid", async () => {
    market({ own: parseEther("100") });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    expect(figure("You pay")).toHaveTextContent("—");
    fireEvent.change(buyAmount(), { target: { value: "150" } });
    await waitFor(() => expect(figure("You receive about")).toHaveTextContent("150 MV"));
    expect(screen.getByText("100 MV of this comes from your own sale orders: the 100 USDT for it comes straight back to you.")).toBeInTheDocument();
    expect(figure("You pay")).toHaveTextContent("50 USDT");

    // Less than the own order: nothing goes to anyone else.
    fireEvent.change(buyAmount(), { target: { value: "40" } });
    await waitFor(() => expect(figure("You receive about")).toHaveTextContent("40 MV"));
    expect(
      screen.getByText("All 40 MV come from your own sale orders: the 40 USDT for them comes straight back to you, and no other seller is paid."),
    ).toBeInTheDocument();
    expect(figure("You pay")).toHaveTextContent("0 USDT");
    // The buy itself is the same: the whole amount, the contract's quote less the tolerance.
    fireEvent.click(buy());
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "buy", args: [parseEther("40"), parseEther("39.8")] }]));
  });

  it("says what the queue running dry leaves unpaid", async () => {
    market({ forSale: parseEther("250") });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(buyAmount(), { target: { value: "280" } });
    await waitFor(() => expect(figure("You receive about")).toHaveTextContent("250 MV"));
    expect(figure("You pay")).toHaveTextContent("250 USDT");
  });

  it("says after a buy what was bought from whom, from the receipt's Filled events", async () => {
    market({ own: parseEther("100") });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(buyAmount(), { target: { value: "150" } });
    await waitFor(() => expect(figure("You receive about")).toHaveTextContent("150 MV"));
    // The full ABIs (the read layer's keeps only the events the app decodes).
    const market_ = MvMarket__factory.createInterface();
    const filled = (index: bigint, seller: string, amount: bigint) => ({
      address: addresses.MvMarket,
      ...market_.encodeEventLog("Filled", [index, seller, ALICE, amount, amount]),
    });
    logsNext([
      filled(7n, ALICE, parseEther("100")),
      // Another contract's log, and the market's own summary, are not fills.
      { address: addresses.USDT, ...ERC20__factory.createInterface().encodeEventLog("Transfer", [ALICE, BOB, parseEther("50")]) },
      filled(8n, BOB, parseEther("50")),
      { address: addresses.MvMarket, ...market_.encodeEventLog("Bought", [ALICE, parseEther("150"), parseEther("150"), 2n]) },
    ]);
    expect(screen.queryByText(BOUGHT)).toBeNull();
    fireEvent.click(buy());
    await waitFor(() => expect(screen.getByText(BOUGHT)).toBeInTheDocument());
    expect(screen.getByText(BOUGHT)).toHaveTextContent("Bought 150 MV; you paid 50 USDT to other sellers.");
    // One line per order filled, the seller's whole address in its title.
    expect(screen.getByText("100 MV from your own order #7: its 100 USDT came back to you")).toBeInTheDocument();
    // The seller is a link to their member page (docs/product/screens.md §4): the line is the item's whole text.
    const line = screen.getByText((_, element) => element?.tagName === "LI" && element.textContent === `50 MV for 50 USDT from order #8 of ${BOB.slice(0, 6)}…${BOB.slice(-4)}`);
    expect(line).toHaveAttribute("title", BOB);
    expect(within(line).getByRole("link", { name: `${BOB.slice(0, 6)}…${BOB.slice(-4)}` })).toHaveAttribute("href", `/pages/memberInfo/memberInfo?address=${BOB}`);
  });

  it("shows a price change the owner announced, and nothing when none is", async () => {
    const stub = market();
    await renderPage("/pages/index/exchangeMV", { connected: false });
    await waitFor(() => expect(figure("MV for sale")).not.toHaveTextContent("…"));
    expect(queryFigure("Announced MV price")).toBeNull();
    // 2026-11-30 00:00 UTC
    stub.set({ Main: { priceOf: parseEther("1"), pendingPrice: [parseEther("0.5"), 1_795_996_800n] } });
    await disconnect();
    await renderPage("/pages/index/exchangeMV", { connected: false });
    expect(await screen.findByRole("definition", { name: "Announced MV price" })).toHaveTextContent(/^0\.5 USD from \d.* \(2026-11-30 00:00 UTC\)$/);
    expect(screen.getByText("Announced MV price")).toBeInTheDocument();
  });

  it("shows a visitor what is for sale, the price and the smallest order", async () => {
    market();
    await renderPage("/pages/index/exchangeMV", { connected: false });
    await waitFor(() => expect(figure("MV for sale")).not.toHaveTextContent("…"));
    expect(figure("Smallest order")).toHaveTextContent("1 MV");
    expect(screen.getByText("1 MV = 1 USDT")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: BUY })).toBeNull();
  });

  it("says when nothing is for sale, before any press and with no 'about 0 MV', and sends nothing", async () => {
    market({ forSale: 0n });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    expect(await screen.findByText("No MV is for sale right now.")).toBeInTheDocument();
    fireEvent.change(buyAmount(), { target: { value: "10" } });
    expect(figure("You receive about")).toHaveTextContent("—");
    expect(figure("You pay")).toHaveTextContent("—");
    fireEvent.click(buy());
    await waitFor(() => expect(refusalText(card(BUY))).toBe("No MV is for sale right now."));
    expect(screen.getAllByText("No MV is for sale right now.")).toHaveLength(1);
    expect(toastKeys()).toEqual([]);
    await expectNothingSent();
  });

  it("sends no authorisation for a press made before the quote when what is authorised already covers it", async () => {
    market({ allowance: parseEther("1000") });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(buyAmount(), { target: { value: "10" } });
    const buyCard = within(card(BUY));
    fireEvent.click(buyCard.getByRole("button", { name: "Authorize USDT" }));
    expect(buyCard.getByRole("button", { name: "Preparing…" })).toBeDisabled();
    // The quote came: 10 USDT is covered by the 1,000 authorised. Nothing to sign, and the larger
    // authorisation is not cut down to 10.
    await waitFor(() => expect(buyCard.getByRole("button", { name: "Authorized" })).toBeDisabled());
    expect(refusalText(card(BUY))).toBeNull();
    await expectNothingSent();
  });

  it("asks to authorize USDT first", async () => {
    market({ allowance: 0n });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(buyAmount(), { target: { value: "10" } });
    // Pressed before the contract's quote for the amount is read: the press waits for it (the
    // button says so), and is judged once it is, with no second press and no refusal for the lag.
    fireEvent.click(buy());
    expect(within(card(BUY)).getByRole("button", { name: "Preparing…" })).toBeDisabled();
    expect(refusalText(card(BUY))).toBeNull();
    await waitFor(() => expect(refusalText(card(BUY))).toBe("Please authorize first."));
    expect(figure("You receive about")).toHaveTextContent("10 MV");
    expect(within(card(BUY)).queryByRole("button", { name: "Preparing…" })).toBeNull();
    expect(refusalText(card(LIST))).toBeNull();
    await expectNothingSent();
  });
});
