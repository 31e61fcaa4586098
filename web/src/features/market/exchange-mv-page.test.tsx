import { fireEvent, screen, waitFor } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ERC20__factory, MvMarket__factory } from "@typechain/index";

import { addresses } from "@/config/addresses";
import { stubChain } from "@/test/chain-stub";
import { ALICE, BOB, disconnect, refusalText, renderPage, toastKeys } from "@/test/render-page";
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

async function loaded() {
  await waitFor(() => expect(screen.getByTestId("mv-for-sale")).not.toHaveTextContent("…"));
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
    fireEvent.change(screen.getByTestId("list-amount"), { target: { value: "25" } });
    fireEvent.click(screen.getByTestId("list-submit"));
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "list", args: [parseEther("25")] }]));
    await waitFor(() => expect(toastKeys()).toContain("common:messages.listSuccessful"));
  });

  it("refuses less than the minimum order and more MV than held", async () => {
    market();
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(screen.getByTestId("list-amount"), { target: { value: "0.5" } });
    expect(screen.getByTestId("list-amount")).toHaveAttribute("placeholder", "MV to sell");
    expect(screen.getByTestId("buy-amount")).toHaveAttribute("placeholder", "USDT to pay");
    expect(await screen.findByText("The amount is below the minimum order of 1 MV.")).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("list-amount"), { target: { value: "501" } });
    expect(await screen.findByText("MV not enough", { selector: "span" })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("list-submit"));
    await expectNothingSent();
  });

  it("prompts for the USDT amount, estimates the MV, and buys", async () => {
    market();
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.click(screen.getByTestId("buy-submit"));
    expect(await screen.findByText("Please enter the USDT amount", { selector: "span" })).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("buy-amount"), { target: { value: "120" } });
    await waitFor(() => expect(screen.getByTestId("buy-estimate")).toHaveTextContent("120 MV"));
    // The buyer agrees to at least the estimate less 0.5%.
    expect(screen.getByTestId("min-mv-out")).toHaveTextContent("119.4 MV");
    // All of it from other sellers: all of it is paid, and no word of the buyer's own orders.
    expect(screen.getByTestId("buy-pays")).toHaveTextContent("120 USDT");
    expect(screen.queryByTestId("buy-own-orders")).toBeNull();
    expect(screen.queryByTestId("fill-limit")).toBeNull();
    fireEvent.click(screen.getByTestId("buy-submit"));
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "buy", args: [parseEther("120"), parseEther("119.4")] }]));
  });

  it("says before buying when one buy fills only part of the amount, and what stays with the buyer", async () => {
    // 880 MV for sale, but the 50 oldest orders hold only 50 MV (dust orders).
    market({ fillable: parseEther("50") });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(screen.getByTestId("buy-amount"), { target: { value: "120" } });
    await waitFor(() => expect(screen.getByTestId("buy-estimate")).toHaveTextContent("50 MV"));
    expect(screen.getByTestId("fill-limit")).toHaveTextContent(
      "One buy fills at most 50 orders: this one buys 50 MV for 50 USDT, and the other 70 USDT stays with you.",
    );
    fireEvent.click(screen.getByTestId("buy-submit"));
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "buy", args: [parseEther("120"), parseEther("49.75")] }]));
  });

  it("says before buying how much comes from the buyer's own orders, and what is really paid", async () => {
    market({ own: parseEther("100") });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    expect(screen.getByTestId("buy-pays")).toHaveTextContent("—");
    fireEvent.change(screen.getByTestId("buy-amount"), { target: { value: "150" } });
    await waitFor(() => expect(screen.getByTestId("buy-estimate")).toHaveTextContent("150 MV"));
    expect(screen.getByTestId("buy-own-orders")).toHaveTextContent(
      "100 MV of this comes from your own sale orders: the 100 USDT for it comes straight back to you.",
    );
    expect(screen.getByTestId("buy-pays")).toHaveTextContent("50 USDT");

    // Less than the own order: nothing goes to anyone else.
    fireEvent.change(screen.getByTestId("buy-amount"), { target: { value: "40" } });
    await waitFor(() => expect(screen.getByTestId("buy-estimate")).toHaveTextContent("40 MV"));
    expect(screen.getByTestId("buy-own-orders")).toHaveTextContent(
      "All 40 MV come from your own sale orders: the 40 USDT for them comes straight back to you, and no other seller is paid.",
    );
    expect(screen.getByTestId("buy-pays")).toHaveTextContent("0 USDT");
    // The buy itself is the same: the whole amount, the contract's quote less the tolerance.
    fireEvent.click(screen.getByTestId("buy-submit"));
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "buy", args: [parseEther("40"), parseEther("39.8")] }]));
  });

  it("says what the queue running dry leaves unpaid", async () => {
    market({ forSale: parseEther("250") });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(screen.getByTestId("buy-amount"), { target: { value: "280" } });
    await waitFor(() => expect(screen.getByTestId("buy-estimate")).toHaveTextContent("250 MV"));
    expect(screen.getByTestId("buy-pays")).toHaveTextContent("250 USDT");
  });

  it("says after a buy what was bought from whom, from the receipt's Filled events", async () => {
    market({ own: parseEther("100") });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(screen.getByTestId("buy-amount"), { target: { value: "150" } });
    await waitFor(() => expect(screen.getByTestId("buy-estimate")).toHaveTextContent("150 MV"));
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
    expect(screen.queryByTestId("bought-fills")).toBeNull();
    fireEvent.click(screen.getByTestId("buy-submit"));
    await waitFor(() => expect(screen.getByTestId("bought-fills")).toBeInTheDocument());
    expect(screen.getByTestId("bought-total")).toHaveTextContent("Bought 150 MV; you paid 50 USDT to other sellers.");
    expect(screen.getByTestId("bought-7")).toHaveTextContent("100 MV from your own order #7: its 100 USDT came back to you");
    expect(screen.getByTestId("bought-8")).toHaveTextContent(`50 MV for 50 USDT from order #8 of ${BOB.slice(0, 6)}…${BOB.slice(-4)}`);
    expect(screen.getByTestId("bought-8")).toHaveAttribute("title", BOB);
  });

  it("shows a price change the owner announced, and nothing when none is", async () => {
    const stub = market();
    await renderPage("/pages/index/exchangeMV", { connected: false });
    await waitFor(() => expect(screen.getByTestId("mv-for-sale")).not.toHaveTextContent("…"));
    expect(screen.queryByTestId("pending-price-MV")).toBeNull();
    // 2026-11-24 00:00 UTC
    stub.set({ Main: { priceOf: parseEther("1"), pendingPrice: [parseEther("0.5"), 1_795_996_800n] } });
    await disconnect();
    await renderPage("/pages/index/exchangeMV", { connected: false });
    expect(await screen.findByTestId("pending-price-MV")).toHaveTextContent(/^0\.5 USD from \d/);
    expect(screen.getByText("Announced MV price")).toBeInTheDocument();
  });

  it("shows a visitor what is for sale, the price and the smallest order", async () => {
    market();
    await renderPage("/pages/index/exchangeMV", { connected: false });
    await waitFor(() => expect(screen.getByTestId("mv-for-sale")).not.toHaveTextContent("…"));
    expect(screen.getByTestId("min-order")).toHaveTextContent("1 MV");
    expect(screen.getByText("1 MV = 1 USDT")).toBeInTheDocument();
    expect(screen.getByTestId("connect-in-page")).toBeInTheDocument();
    expect(screen.queryByTestId("buy-form")).toBeNull();
  });

  it("says when nothing is for sale, before any press and with no 'about 0 MV', and sends nothing", async () => {
    market({ forSale: 0n });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    expect(await screen.findByTestId("nothing-for-sale")).toHaveTextContent("No MV is for sale right now.");
    fireEvent.change(screen.getByTestId("buy-amount"), { target: { value: "10" } });
    expect(screen.getByTestId("buy-estimate")).toHaveTextContent("—");
    expect(screen.getByTestId("buy-pays")).toHaveTextContent("—");
    fireEvent.click(screen.getByTestId("buy-submit"));
    await waitFor(() => expect(refusalText("buy-form")).toBe("No MV is for sale right now."));
    expect(toastKeys()).toEqual([]);
    await expectNothingSent();
  });

  it("asks to authorize USDT first", async () => {
    market({ allowance: 0n });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(screen.getByTestId("buy-amount"), { target: { value: "10" } });
    // Until the contract's quote for the amount is read, the page says it is reading the figures.
    fireEvent.click(screen.getByTestId("buy-submit"));
    await waitFor(() => expect(refusalText("buy-form")).toBe("Reading the figures from the chain…"));
    await waitFor(() => expect(screen.getByTestId("buy-estimate")).toHaveTextContent("10 MV"));
    // Once read, 'Reading the figures' is no longer true: it goes without a new key.
    await waitFor(() => expect(refusalText("buy-form")).toBeNull());
    fireEvent.click(screen.getByTestId("buy-submit"));
    await waitFor(() => expect(refusalText("buy-form")).toBe("Please authorize first~"));
    expect(refusalText("list-form")).toBeNull();
    await expectNothingSent();
  });
});
