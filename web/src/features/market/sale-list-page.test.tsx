import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { stubChain } from "@/test/chain-stub";
import { ALICE, BOB, disconnect, renderPage, toastKeys } from "@/test/render-page";
import { expectNothingSent, resetSent, sent, walletSendMock } from "@/test/wallet-send-mock";

vi.mock("@/lib/transactions/wallet-send", () => walletSendMock());

const order = (index: number, seller: string, status: number, remaining: string, deposit = "100") => ({
  index: BigInt(index),
  seller,
  deposit: parseEther(deposit),
  remaining: parseEther(remaining),
  sold: parseEther(deposit) - parseEther(remaining),
  total: 0n,
  withdrawn: 0n,
  listedAt: 1_800_000_000n,
  status,
});

const ORDERS = [order(0, BOB, 1, "0"), order(1, ALICE, 0, "60"), order(2, BOB, 0, "100"), order(3, ALICE, 2, "0", "50")];

function market() {
  return stubChain({
    MvMarket: {
      orderCount: BigInt(ORDERS.length),
      queuedOrders: [ORDERS[1], ORDERS[2]],
      orderCountOf: 2n,
      orders: (offset: bigint, limit: bigint) => ORDERS.slice(Number(offset), Number(offset + limit)),
      ordersOf: () => [ORDERS[3], ORDERS[1]],
    },
  });
}

afterEach(async () => {
  await disconnect();
  resetSent();
});

describe("sale list", () => {
  it("shows the ranking, and every order newest first with its figures and status", async () => {
    market();
    await renderPage("/pages/index/salelist");
    const ranking = await screen.findByTestId("ranking");
    await waitFor(() => expect(within(ranking).getAllByRole("listitem")).toHaveLength(2));
    const orders = screen.getByTestId("orders");
    await waitFor(() => expect(within(orders).getAllByRole("listitem").map((row) => row.getAttribute("data-testid"))).toEqual(["order-3", "order-2", "order-1", "order-0"]));
    expect(within(orders).getByTestId("order-0-status")).toHaveTextContent("Sold out");
    expect(within(orders).getByTestId("order-3-status")).toHaveTextContent("MV take out");
    expect(within(orders).getByTestId("order-1-remaining")).toHaveTextContent("60 MV");
  });

  it("offers Take out only on the user's own active orders", async () => {
    market();
    await renderPage("/pages/index/salelist");
    const orders = await screen.findByTestId("orders");
    await waitFor(() => expect(within(orders).getByTestId("withdraw-1")).toBeInTheDocument());
    expect(within(orders).queryByTestId("withdraw-2")).toBeNull();
    expect(within(orders).queryByTestId("withdraw-3")).toBeNull();
  });

  it("filters the user's orders", async () => {
    market();
    await renderPage("/pages/index/salelist");
    fireEvent.click(await screen.findByTestId("my-orders"));
    const orders = screen.getByTestId("orders");
    await waitFor(() => expect(within(orders).getAllByRole("listitem").map((row) => row.getAttribute("data-testid"))).toEqual(["order-3", "order-1"]));
  });

  it("takes an order out after the confirm dialog, and not when cancelled", async () => {
    market();
    await renderPage("/pages/index/salelist");
    const orders = await screen.findByTestId("orders");
    fireEvent.click(await within(orders).findByTestId("withdraw-1"));
    expect(screen.getByText("Confirm Removal of Record at Index 1")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await expectNothingSent();
    fireEvent.click(within(orders).getByTestId("withdraw-1"));
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "withdraw", args: [1n] }]));
    await waitFor(() => expect(toastKeys()).toContain("common:messages.withdrawSuccessful"));
  });
});
