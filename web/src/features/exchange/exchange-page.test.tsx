import { fireEvent, screen, waitFor } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { TokenSymbol } from "@product";

import { addresses } from "@/config/addresses";
import { stubChain } from "@/test/chain-stub";
import { disconnect, field, fieldError, figure, refusalText, renderPage, toastKeys } from "@/test/render-page";
import { useAppStore } from "@/store";
import { expectNothingSent, resetSent, sent, walletSendMock } from "@/test/wallet-send-mock";

vi.mock("@/lib/transactions/wallet-send", () => walletSendMock());

const PRICES: Partial<Record<TokenSymbol, bigint>> = { MV: parseEther("1"), X: parseEther("0.5"), ACB: parseEther("2"), USDT: parseEther("1"), USDX: parseEther("1") };

function route(tokenIn: TokenSymbol, tokenOut: TokenSymbol, { max = parseEther("250"), balance = parseEther("100"), allowance = parseEther("1000") } = {}) {
  return stubChain({
    Swap: {
      routeInfo: { route: 0, tokenIn: addresses[tokenIn], tokenOut: addresses[tokenOut], priceIn: PRICES[tokenIn], priceOut: PRICES[tokenOut], dailyLimitUsd: parseEther("500"), liquidity: parseEther("1000000") },
      maxExchangeable: max,
      usedToday: parseEther("40"),
    },
    [tokenIn]: { balanceOf: balance, allowance },
  });
}

const AMOUNT = "Exchange amount";
const amount = () => field(AMOUNT);
const exchange = () => screen.getByRole("button", { name: "Exchange" });
/** Step 1's button: 'Authorize <token>', or 'Authorized' (and disabled) once the allowance covers the amount. */
const authorize = () => screen.getByRole("button", { name: /^Authoriz(e [A-Z]+|ed)$/ });
async function loaded() {
  await waitFor(() => expect(figure("Maximum exchangeable")).not.toHaveTextContent("…"));
}

afterEach(async () => {
  await disconnect();
  resetSent();
});

describe("exchange", () => {
  it("shows balance, rate, maximum and today's use, and previews what comes out", async () => {
    route("ACB", "USDT");
    await renderPage("/pages/index/exchangeACB");
    await loaded();
    expect(figure("Rate")).toHaveTextContent("1 ACB = 2 USDT");
    expect(figure("Maximum exchangeable")).toHaveTextContent("250 ACB");
    expect(figure("Used today / daily limit")).toHaveTextContent("40 / 500 USD");
    fireEvent.change(amount(), { target: { value: "12.5" } });
    expect(figure("You receive")).toHaveTextContent("25 USDT");
  });

  it("refuses an amount above the maximum with the ACB message on ACB pages", async () => {
    route("ACB", "USDT", { max: parseEther("50") });
    await renderPage("/pages/index/exchangeACB");
    await loaded();
    fireEvent.change(amount(), { target: { value: "60" } });
    expect(await screen.findByText("Invalid input amount or exceeds maximum exchangeable quantity.", { selector: "span" })).toBeInTheDocument();
    fireEvent.click(exchange());
    await expectNothingSent();
    expect(toastKeys()).toEqual([]);
  });

  it("refuses an amount above the maximum with the MV message on the MV page", async () => {
    route("MV", "X", { max: parseEther("50") });
    await renderPage("/pages/index/exchangeMvToX");
    await loaded();
    fireEvent.change(amount(), { target: { value: "51" } });
    expect(await screen.findByText("Invalid quantity or exceeds maximum exchangeable amount", { selector: "span" })).toBeInTheDocument();
  });

  it.each([
    ["MV", "/pages/index/exchangeMvToX", "MV not enough"],
    ["USDX", "/pages/index/exchangeUsdxToX", "USDX not enough"],
  ] as const)("says the %s balance is short", async (token, path, message) => {
    route(token, "X", { balance: parseEther("5") });
    await renderPage(path);
    await loaded();
    fireEvent.change(amount(), { target: { value: "6" } });
    expect(await screen.findByText(message, { selector: "span" })).toBeInTheDocument();
    fireEvent.click(exchange());
    await expectNothingSent();
  });

  it("prompts for an amount, and takes only decimal numbers with at most 18 decimals", async () => {
    route("MV", "X");
    await renderPage("/pages/index/exchangeMvToX");
    await loaded();
    fireEvent.click(exchange());
    expect(await screen.findByText("Please enter the exchange amount", { selector: "span" })).toBeInTheDocument();
    // Shown exactly as typed, and refused with the page's message: nothing is dropped or fixed up.
    for (const typed of ["-5", "1e3", "abc", "1,5", "0.0000000000000000001", "0"]) {
      fireEvent.change(amount(), { target: { value: typed } });
      expect(amount()).toHaveValue(typed);
      expect(fieldError(AMOUNT)).toBe("Invalid quantity or exceeds maximum exchangeable amount");
      fireEvent.click(exchange());
      fireEvent.click(authorize());
    }
    await expectNothingSent();
    // Up to the token's 18 decimals is an amount.
    fireEvent.change(amount(), { target: { value: "40.000000000000000001" } });
    expect(fieldError(AMOUNT)).toBeNull();
    expect(figure("You receive")).toHaveTextContent("80 X");
  });

  it("fills the maximum the user can exchange: the lower of balance and limit", async () => {
    route("MV", "X", { balance: parseEther("30"), max: parseEther("1000") });
    await renderPage("/pages/index/exchangeMvToX");
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    expect(amount()).toHaveValue("30");
  });

  it("asks to authorize first, then exchanges value for value", async () => {
    route("USDT", "ACB", { allowance: 0n, max: parseEther("1000000") });
    await renderPage("/pages/index/exchangeUTOACB");
    await loaded();
    fireEvent.change(amount(), { target: { value: "10" } });
    fireEvent.click(exchange());
    await waitFor(() => expect(refusalText()).toBe("Please authorize first."));
    await expectNothingSent();
    fireEvent.click(authorize());
    await waitFor(() => expect(sent).toEqual([{ contract: "USDT", method: "approve", args: [addresses.Swap, parseEther("10")] }]));
  });

  it("shows a visitor the route's rate, daily limit and liquidity, with a connect button in the page", async () => {
    route("ACB", "USDT");
    await renderPage("/pages/index/exchangeACB", { connected: false });
    await waitFor(() => expect(figure("Rate")).toHaveTextContent("1 ACB = 2 USDT"));
    expect(figure("Daily limit per wallet")).toHaveTextContent("500 USD");
    expect(figure("Available to receive")).toHaveTextContent("1,000,000 USDT");
    expect(screen.getByText("Connect your wallet to see your figures and take part.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Connect Wallet" })).toBeInTheDocument();
    expect(screen.queryByLabelText(AMOUNT)).toBeNull();
  });

  it("sends the exchange on its route", async () => {
    route("ACB", "USDT");
    await renderPage("/pages/index/exchangeACB");
    await loaded();
    fireEvent.change(amount(), { target: { value: "10" } });
    fireEvent.click(exchange());
    // 10 ACB at 2 USD is 20 USDT: the user agrees to receive at least 19.9, as the page shows.
    expect(figure("You receive at least")).toHaveTextContent("19.9 USDT");
    await waitFor(() => expect(sent).toEqual([{ contract: "Swap", method: "exchange", args: [3, parseEther("10"), parseEther("19.9")] }]));
    await waitFor(() => expect(toastKeys()).toContain("common:messages.exchangeSuccessful"));
  });

  it("receives at least the figure less the user's tolerance, and says which", async () => {
    useAppStore.setState({ toleranceBps: 100 });
    route("ACB", "USDT");
    await renderPage("/pages/index/exchangeACB");
    await loaded();
    fireEvent.change(amount(), { target: { value: "10" } });
    // 20 USDT less 1%.
    expect(figure("You receive at least")).toHaveTextContent("19.8 USDT");
    expect(screen.getByText("Includes a 1% price tolerance: past it, the transaction fails and takes none of your tokens.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change the tolerance" })).toBeInTheDocument();
    fireEvent.click(exchange());
    await waitFor(() => expect(sent).toEqual([{ contract: "Swap", method: "exchange", args: [3, parseEther("10"), parseEther("19.8")] }]));
  });
});
