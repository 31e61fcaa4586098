import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { parseEther } from "ethers/utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { stubChain } from "@/test/chain-stub";
import { mockHistory } from "@/test/history-mock";
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

/** The market with `orders` listed, `queued` of them still for sale. */
function market(queued = [ORDERS[1], ORDERS[2]], orders = ORDERS) {
  const mine = orders.filter((listed) => listed.seller === ALICE).reverse();
  return stubChain({
    MvMarket: {
      orderCount: BigInt(orders.length),
      queuedOrders: queued,
      orderCountOf: BigInt(mine.length),
      orders: (offset: bigint, limit: bigint) => orders.slice(Number(offset), Number(offset + limit)),
      ordersOf: () => mine,
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
const withdrawButton = (list: HTMLElement, index: number) => within(row(list, index)).queryByRole("button", { name: "Withdraw" });

afterEach(async () => {
  await disconnect();
  resetSent();
});

describe("sale list: history from the indexer", () => {
  const placed = (n: number) => ({ position: String(n * 1_000_000), blockNumber: String(n), time: String(1_800_000_000 + n), txHash: `0x${n.toString(16).padStart(64, "0")}` });
  const fill = (n: number, buyer: string, mv: string, usdt: string) => ({ ...placed(n), orderIndex: "3", seller: ALICE.toLowerCase(), buyer: buyer.toLowerCase(), mvAmount: parseEther(mv).toString(), usdtAmount: parseEther(usdt).toString() });
  const FILL = fill(12, BOB, "20", "24");
  /** A fill as the orders route nests it: without its order's index and seller, its id and block. */
  const nested = ({ buyer, mvAmount, usdtAmount, position, time, txHash }: ReturnType<typeof fill>) => ({ buyer, mvAmount, usdtAmount, position, time, txHash });
  const ORDER = { ...placed(10), index: "3", seller: ALICE.toLowerCase(), amount: parseEther("100").toString(), sold: parseEther("20").toString(), received: parseEther("24").toString(), fillCount: 1, withdrawn: parseEther("80").toString(), withdrawnTime: String(1_800_000_013), withdrawTxHash: `0x${"d".repeat(64)}`, fills: [nested(FILL)] };

  it("shows the account's orders with who bought how much, for how much, and the market's latest fills", async () => {
    market();
    mockHistory({ [`/accounts/${ALICE}/orders`]: [[ORDER]], "/market/fills": [[FILL]] });
    await renderPage("/pages/index/salelist");
    const mine = await screen.findByRole("region", { name: "My orders and their fills" });
    await waitFor(() => expect(within(mine).getAllByRole("listitem")).toHaveLength(3));
    const [order, withdrawal, orderFill] = within(mine).getAllByRole("listitem");
    expect(order).toHaveTextContent("Order #3: 100 MV listed, 20 MV sold for 24 USDT");
    // The withdrawal and the fill follow the order's own line, each with its own transaction.
    expect(withdrawal).toHaveTextContent("80 MV withdrawn");
    expect(withdrawal).toHaveTextContent("0xdddddddd…dddddddd");
    expect(orderFill).toHaveTextContent("0x3C44…93BC bought 20 MV for 24 USDT");
    expect(order).toHaveTextContent("0x00000000…0000000a");
    const recent = screen.getByRole("region", { name: "Recent fills" });
    await waitFor(() => expect(within(recent).getByRole("listitem")).toHaveTextContent("Order #3: 0x3C44…93BC bought 20 MV from 0x7099…79C8 for 24 USDT"));
  });

  it("shows an order's newest fills, and all of them a page at a time when asked", async () => {
    market();
    const fills = [16, 15, 14, 13, 12, 11, 10].map((n) => fill(n, BOB, "1", "1.2"));
    const busy = { ...ORDER, withdrawn: null, withdrawnTime: null, withdrawTxHash: null, fillCount: 7, fills: fills.slice(0, 5) };
    mockHistory({ [`/accounts/${ALICE}/orders`]: [[busy]], "/market/fills": [[]], "/orders/3/fills": [fills.slice(0, 4), fills.slice(4)] });
    await renderPage("/pages/index/salelist");
    const mine = await screen.findByRole("region", { name: "My orders and their fills" });
    fireEvent.click(await within(mine).findByRole("button", { name: "Show all 7 fills" }));
    await waitFor(() => expect(within(mine).getAllByRole("listitem").filter((item) => /^0x3C44…93BC bought 1 MV/.test(item.textContent ?? ""))).toHaveLength(4));
    fireEvent.click(within(mine).getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(within(mine).getAllByRole("listitem").filter((item) => /^0x3C44…93BC bought 1 MV/.test(item.textContent ?? ""))).toHaveLength(7));
    expect(within(mine).queryByRole("button", { name: /Show all/ })).toBeNull();
  });

  it("without the indexer, says history is unavailable in each, and the order book stays", async () => {
    market();
    mockHistory("down");
    await renderPage("/pages/index/salelist");
    for (const name of ["My orders and their fills", "Recent fills"]) {
      expect(await within(screen.getByRole("region", { name })).findByText("History is unavailable right now. Everything else works as usual.")).toBeInTheDocument();
    }
    expect(indexes(await screen.findByRole("region", { name: "All orders" }))).toHaveLength(4);
  });
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
    expect(within(row(orders, 3)).getByText("Withdrawn")).toBeInTheDocument();
    expect(within(row(orders, 1)).getByRole("definition", { name: "Remaining" })).toHaveTextContent("60 MV");
  });

  it("offers Withdraw only on the user's own active orders", async () => {
    market();
    await renderPage("/pages/index/salelist");
    const orders = await screen.findByRole("region", { name: "All orders" });
    await waitFor(() => expect(withdrawButton(orders, 1)).toBeInTheDocument());
    expect(withdrawButton(orders, 2)).toBeNull();
    expect(withdrawButton(orders, 3)).toBeNull();
  });

  it("says nothing is for sale, not 'No orders yet.', when every order has sold out or been withdrawn", async () => {
    market([]);
    await renderPage("/pages/index/salelist");
    const ranking = await screen.findByRole("region", { name: "Sale ranking" });
    await waitFor(() => expect(ranking).toHaveTextContent("Nothing is for sale right now: every order has sold out or been withdrawn."));
    expect(ranking).not.toHaveTextContent("No orders yet.");
  });

  it("says 'No orders yet.' when none was ever listed, and that the user has none under My Order", async () => {
    market([], []);
    await renderPage("/pages/index/salelist");
    const ranking = await screen.findByRole("region", { name: "Sale ranking" });
    await waitFor(() => expect(ranking).toHaveTextContent("No orders yet."));
    await waitFor(() => expect(card("All orders")).toHaveTextContent("No orders yet."));
    fireEvent.click(await screen.findByRole("checkbox", { name: "My Order" }));
    await waitFor(() => expect(card("My Order")).toHaveTextContent("You have no sale orders yet."));
  });

  it("filters the user's orders", async () => {
    market();
    await renderPage("/pages/index/salelist");
    fireEvent.click(await screen.findByRole("checkbox", { name: "My Order" }));
    const orders = card("My Order");
    await waitFor(() => expect(indexes(orders)).toEqual(["Index #3", "Index #1"]));
  });

  it("withdraws an order after the confirm dialog, and not when cancelled", async () => {
    market();
    await renderPage("/pages/index/salelist");
    const orders = await screen.findByRole("region", { name: "All orders" });
    await waitFor(() => expect(withdrawButton(orders, 1)).toBeInTheDocument());
    fireEvent.click(withdrawButton(orders, 1)!);
    expect(screen.getByText("Withdraw order #1? The MV left in it comes back to your wallet.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await expectNothingSent();
    fireEvent.click(withdrawButton(orders, 1)!);
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(sent).toEqual([{ contract: "MvMarket", method: "withdraw", args: [1n] }]));
    await waitFor(() => expect(toastKeys()).toContain("common:messages.withdrawSuccessful"));
  });
});
