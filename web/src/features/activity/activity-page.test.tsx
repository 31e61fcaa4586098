import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { transactionLog } from "@/lib/transactions/transaction-log";
import { stubChain } from "@/test/chain-stub";
import { mockHistory } from "@/test/history-mock";
import { ALICE, BOB, disconnect, renderPage } from "@/test/render-page";
import { sentTransaction } from "@/test/sent-transactions";

const alice = ALICE.toLowerCase();
const bob = BOB.toLowerCase();
const route = `/accounts/${ALICE}/activity`;

function row(n: number, contract: string, name: string, args: Record<string, string>) {
  return { position: String(n * 1_000_000), contract, name, sender: alice, args, blockNumber: String(n), time: String(1_800_000_000 + n), txHash: `0x${(1000 + n).toString(16).padStart(64, "0")}` };
}

const CLAIMED = row(30, "Revenue", "Claimed", { member: alice, settler: bob, usdValue: "12500000000000000000", acbAmount: "6250000000000000000", acbPrice: "2000000000000000000" });
const EXCHANGED = row(20, "Swap", "Exchanged", { user: alice, route: "4", amountIn: "10000000000000000000", amountOut: "5000000000000000000", usdValue: "10000000000000000000" });
const NEW_EVENT = row(10, "Main", "PriceComesIntoForce", { token: bob, price: "3" });

afterEach(async () => {
  await disconnect();
});

const onChain = () => screen.getByRole("region", { name: "On chain, from every device" });

describe("the activity page", () => {
  it("lists the account's history from every device, newest first, in words, and pages on by cursor", async () => {
    stubChain();
    const history = mockHistory({ [route]: [[CLAIMED, EXCHANGED], [NEW_EVENT]] });
    await renderPage("/pages/activity/activity");
    await waitFor(() => expect(within(onChain()).getAllByRole("listitem")).toHaveLength(2));
    const items = within(onChain()).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("0x7099…79C8 claimed 12.5 USD, paid as 6.25 ACB to 0x3C44…93BC");
    expect(items[1]).toHaveTextContent("0x7099…79C8 exchanged 10 USDT for 5 ACB");
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(within(onChain()).getAllByRole("listitem")).toHaveLength(3));
    // An event added to a contract since has no words of its own: it is shown by name.
    expect(within(onChain()).getAllByRole("listitem")[2]).toHaveTextContent("Main: PriceComesIntoForce");
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
    // More comes a hundred rows a request, the indexer's largest page.
    expect(history.requests).toEqual([`/history${route}`, `/history${route}?cursor=page-0&limit=100`]);
  });

  it("shows this device's transactions the indexer does not have yet above the history, once", async () => {
    stubChain();
    transactionLog.add(sentTransaction(1));
    transactionLog.add(sentTransaction(2, { hash: CLAIMED.txHash, state: "confirmed", settledAt: 3_000 }));
    mockHistory({ [route]: [[CLAIMED]] });
    await renderPage("/pages/activity/activity");
    await waitFor(() => expect(within(onChain()).getAllByRole("listitem")).toHaveLength(1));
    const device = within(screen.getByRole("region", { name: "Sent from this device" })).getAllByRole("listitem");
    // The one the indexer has is shown once, in the history; the other (its state whatever the
    // watcher has found by now) above it.
    expect(device).toHaveLength(1);
    expect(device[0]).toHaveTextContent("0x00000000…00000001");
  });

  it("reads the history again once a transaction sent here is confirmed, until the indexer shows it; a confirmed one long past stays out of this device's list", async () => {
    stubChain();
    // Confirmed ten minutes ago and never indexed (an approval, or undone by a reorganisation).
    transactionLog.add(sentTransaction(3, { state: "confirmed", settledAt: Date.now() - 10 * 60_000 }));
    const pages = { [route]: [[EXCHANGED]] };
    const history = mockHistory(pages);
    await renderPage("/pages/activity/activity");
    await waitFor(() => expect(within(onChain()).getAllByRole("listitem")).toHaveLength(1));
    expect(screen.queryByRole("region", { name: "Sent from this device" })).toBeNull();

    // A claim sent from here is confirmed; the indexer has it a moment later.
    transactionLog.add(sentTransaction(4, { hash: CLAIMED.txHash, state: "confirmed", settledAt: Date.now() }));
    expect(await screen.findByRole("region", { name: "Sent from this device" })).toBeInTheDocument();
    pages[route] = [[CLAIMED, EXCHANGED]];
    await waitFor(() => expect(within(onChain()).getAllByRole("listitem")).toHaveLength(2), { timeout: 4_000 });
    expect(within(onChain()).getAllByRole("listitem")[0]).toHaveTextContent("claimed 12.5 USD");
    expect(screen.queryByRole("region", { name: "Sent from this device" })).toBeNull();
    // Read again once it showed, then no more.
    const reads = history.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(history.requests.length).toBe(reads);
  });

  it("keeps the pages the user loaded when it reads the first again after a confirmation", async () => {
    stubChain();
    const pages = { [route]: [[EXCHANGED], [NEW_EVENT]] };
    mockHistory(pages);
    await renderPage("/pages/activity/activity");
    await waitFor(() => expect(within(onChain()).getAllByRole("listitem")).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(within(onChain()).getAllByRole("listitem")).toHaveLength(2));

    transactionLog.add(sentTransaction(4, { hash: CLAIMED.txHash, state: "confirmed", settledAt: Date.now() }));
    pages[route] = [[CLAIMED, EXCHANGED], [NEW_EVENT]];
    await waitFor(() => expect(within(onChain()).getAllByRole("listitem")).toHaveLength(3), { timeout: 4_000 });
    expect(within(onChain()).getAllByRole("listitem")[2]).toHaveTextContent("Main: PriceComesIntoForce");
  });

  it("without the indexer, says history is unavailable in one line and still shows this device's transactions", async () => {
    stubChain();
    transactionLog.add(sentTransaction(1));
    // Confirmed long ago: with the indexer down, nothing else shows it.
    transactionLog.add(sentTransaction(2, { state: "confirmed", settledAt: Date.now() - 10 * 60_000 }));
    mockHistory("down");
    await renderPage("/pages/activity/activity");
    expect(await screen.findByText("History is unavailable right now. Everything else works as usual.")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Sent from this device" })).getAllByRole("listitem")).toHaveLength(2);
  });
});
