import { fireEvent, screen, waitFor } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { addresses } from "@/config/addresses";
import { stubChain } from "@/test/chain-stub";
import { disconnect, refusalText, renderPage, toastKeys } from "@/test/render-page";
import { expectNothingSent, resetSent, sent, signingMock } from "@/test/signing-mock";

vi.mock("@/lib/contracts/signing", () => signingMock());

function market({ forSale = parseEther("880"), allowance = parseEther("1000") } = {}) {
  return stubChain({
    MV: { balanceOf: parseEther("500"), allowance },
    USDT: { balanceOf: parseEther("300"), allowance },
    MvMarket: { mvForSale: forSale, minOrder: parseEther("1") },
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
    expect(screen.getByTestId("buy-estimate")).toHaveTextContent("120 MV");
    fireEvent.click(screen.getByTestId("buy-submit"));
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "buy", args: [parseEther("120")] }]));
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
    fireEvent.click(screen.getByTestId("buy-submit"));
    await waitFor(() => expect(refusalText("buy-form")).toBe("Please authorize first~"));
    expect(refusalText("list-form")).toBeNull();
    await expectNothingSent();
  });
});
