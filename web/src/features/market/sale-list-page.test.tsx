import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { stubChain } from "@/test/chain-stub";
import { ALICE, BOB, card, disconnect, renderPage, toastKeys } from "@/test/render-page";
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

/** The rows of a list of orders, each named by its heading ('Index #3'), in the list's order. */
const indexes = (list: HTMLElement) => within(list).getAllByRole("listitem").map((row) => within(row).getByText(/^Index #\d+$/).textContent);
/** The row of order `index` in `list`. */
function row(list: HTMLElement, index: number): HTMLElement {
  const rows = within(list)
    .getAllByRole("listitem")
    .filter((item) => within(item).queryByText(`Index #${index}`));
  expect(rows).toHaveLength(1);
  return rows[0];
}
const takeOut = (list: HTMLElement, index: number) => within(row(list, index)).queryByRole("button", { name: "Take out" });

afterEach(async () => {
  await disconnect();
  resetSent();
});

describe("sale list", () => {
  it("shows the ranking, and every order newest first with its figures and status", async () => {
    market();
    await renderPage("/pages/index/salelist");
    const ranking = await screen.findByRole("region", { name: "Sale ranking" });
    await waitFor(() => expect(within(ranking).getAllByRole("listitem")).toHaveLength(2));
    const orders = card("All orders");
    await waitFor(() => expect(indexes(orders)).toEqual(["Index #3", "Index #2", "Index #1", "Index #0"]));
    expect(within(row(orders, 0)).getByText("Sold out")).toBeInTheDocument();
    expect(within(row(orders, 3)).getByText("MV take out")).toBeInTheDocument();
    expect(within(row(orders, 1)).getByRole("definition", { name: "Remaining" })).toHaveTextContent("60 MV");
  });

  it("offers Take out only on the user's own active orders", async () => {
    market();
    await renderPage("/pages/index/salelist");
    const orders = await screen.findByRole("region", { name: "All orders" });
    await waitFor(() => expect(takeOut(orders, 1)).toBeInTheDocument());
    expect(takeOut(orders, 2)).toBeNull();
    expect(takeOut(orders, 3)).toBeNull();
  });

  it("filters the user's orders", async () => {
    market();
    await renderPage("/pages/index/salelist");
    fireEvent.click(await screen.findByRole("checkbox", { name: "My Order" }));
    const orders = card("My Order");
    await waitFor(() => expect(indexes(orders)).toEqual(["Index #3", "Index #1"]));
  });

  it("takes an order out after the confirm dialog, and not when cancelled", async () => {
    market();
    await renderPage("/pages/index/salelist");
    const orders = await screen.findByRole("region", { name: "All orders" });
    await waitFor(() => expect(takeOut(orders, 1)).toBeInTheDocument());
    fireEvent.click(takeOut(orders, 1)!);
    expect(screen.getByText("Confirm Removal of Record at Index 1")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await expectNothingSent();
    fireEvent.click(takeOut(orders, 1)!);
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "withdraw", args: [1n] }]));
    await waitFor(() => expect(toastKeys()).toContain("common:messages.withdrawSuccessful"));
  });
});
