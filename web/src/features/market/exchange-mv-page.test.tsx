import { fireEvent, screen, waitFor } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { addresses } from "@/config/addresses";
import { stubChain } from "@/test/chain-stub";
import { disconnect, refusalText, renderPage, toastKeys } from "@/test/render-page";
import { expectNothingSent, resetSent, sent, walletSendMock } from "@/test/wallet-send-mock";

vi.mock("@/lib/transactions/wallet-send", () => walletSendMock());

/** MV and USDT both at 1 USD; a buy fills at most `fillable` MV (what the orders one buy may fill hold). */
function market({ forSale = parseEther("880"), allowance = parseEther("1000"), fillable = undefined as bigint | undefined } = {}) {
  return stubChain({
    MV: { balanceOf: parseEther("500"), allowance },
    USDT: { balanceOf: parseEther("300"), allowance },
    MvMarket: {
      mvForSale: forSale,
      minOrder: parseEther("1"),
      maxFillsPerBuy: 50n,
      quoteBuy: (usdt: bigint) => {
        const limit = fillable ?? forSale;
        const mv = usdt < limit ? usdt : limit;
        return [mv, mv];
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

  it("says when nothing is for sale, and sends nothing", async () => {
    market({ forSale: 0n });
    await renderPage("/pages/index/exchangeMV");
    await loaded();
    fireEvent.change(screen.getByTestId("buy-amount"), { target: { value: "10" } });
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
