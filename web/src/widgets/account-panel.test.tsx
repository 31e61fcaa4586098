import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useRef } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import type * as EnvModule from "@/config/env";
import { i18next } from "@/i18n";
import { transactionLog } from "@/lib/transactions/transaction-log";
import { metaMask } from "@/lib/wallet/connectors/metamask";
import { WalletProvider, connectWallet } from "@/lib/wallet/wallet";
import { ScriptedProvider } from "@/test/eip1193-mock";
import { mockHistory } from "@/test/history-mock";
import { mockRpc } from "@/test/rpc-mock";
import { SENDER, sentTransaction } from "@/test/sent-transactions";

import { AccountPanel } from "./account-panel";

// A mainnet build: it has an explorer.
vi.mock("@/config/env", async (original) => {
  const actual = await original<typeof EnvModule>();
  return { ...actual, env: { ...actual.env, explorerUrl: "https://bscscan.com" } };
});

/** The account the sample transactions were sent from, checksummed as the wallet gives it. */
const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
if (ACCOUNT.toLowerCase() !== SENDER) throw new Error("The sample transactions belong to another account");
const wallet = new ScriptedProvider([ACCOUNT], "0x38");

function Harness({ onClose }: { onClose: () => void }) {
  const area = useRef<HTMLDivElement>(null);
  return (
    <div ref={area}>
      <AccountPanel account={ACCOUNT} area={area} onClose={onClose} />
    </div>
  );
}

async function renderPanel(onClose = vi.fn()) {
  // In the app the panel opens from the navigation bar, inside the router.
  render(
    <MemoryRouter>
      <WalletProvider>
        <Harness onClose={onClose} />
        <button type="button">outside</button>
      </WalletProvider>
    </MemoryRouter>,
  );
  await act(async () => {
    await connectWallet("injected");
  });
  return onClose;
}

/** The transactions the panel lists under 'Recent activity', in its order. */
const activity = () => within(screen.getByRole("region", { name: "Recent activity" })).getAllByRole("listitem");

beforeAll(async () => {
  Object.assign(window, { ethereum: wallet });
  await i18next.loadNamespaces("activity");
});

afterEach(async () => {
  await act(async () => metaMask.resetState());
});

describe("the account panel", () => {
  it("links the account and each transaction to the explorer in a mainnet build", async () => {
    mockRpc();
    transactionLog.add(sentTransaction(1, { state: "confirmed", settledAt: 2_000 }));
    await renderPanel();
    expect(screen.getByRole("link", { name: "View on BscScan" })).toHaveAttribute("href", `https://bscscan.com/address/${ACCOUNT}`);
    const [item] = activity();
    expect(within(item).getByRole("link")).toHaveAttribute("href", `https://bscscan.com/tx/${sentTransaction(1).hash}`);
  });

  it("lists the account's transactions on this chain only, newest first, with their state and, when failed, why", async () => {
    mockRpc();
    transactionLog.add(sentTransaction(1, { state: "failed", settledAt: 2_000, failure: { key: "errors:authorizeFirst" } }));
    transactionLog.add(sentTransaction(2));
    transactionLog.add(sentTransaction(3, { account: "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc" }));
    transactionLog.add(sentTransaction(4, { chainId: 1 }));
    await renderPanel();
    const items = activity();
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^Pending/);
    expect(items[0]).toHaveTextContent("Synthesize 100 hashrate with USDT (at most 100.5 USDT)");
    expect(items[1]).toHaveTextContent(/^Failed/);
    expect(items[1]).toHaveTextContent("Please authorize first.");
  });

  it("says when this device has sent nothing yet", async () => {
    mockRpc();
    await renderPanel();
    expect(screen.getByText("No transactions sent from this device yet.")).toBeInTheDocument();
  });

  it("merges what the indexer has from every device with this device's transactions, newest first, each once", async () => {
    mockRpc();
    transactionLog.add(sentTransaction(5, { state: "confirmed", settledAt: 6_000 }));
    const indexed = (n: number, txHash: string, name: string, args: Record<string, string>) => ({ position: String(n * 1_000_000), contract: "MvMarket", name, sender: SENDER, args, blockNumber: String(n), time: String(n), txHash });
    const history = mockHistory({
      [`/accounts/${ACCOUNT}/activity`]: [
        [
          // Sent from another device, after this device's transaction.
          indexed(9, `0x${"9".repeat(64)}`, "Listed", { index: "4", seller: SENDER, amount: "100000000000000000000" }),
          // This device's own transaction, indexed: shown once, with its state.
          indexed(5, sentTransaction(5).hash, "Bought", { buyer: SENDER, mvAmount: "1", usdtAmount: "1" }),
        ],
      ],
    });
    await renderPanel();
    await waitFor(() => expect(activity()).toHaveLength(2));
    expect(activity()[0]).toHaveTextContent("Order #4: 0x7099…79C8 listed 100 MV for sale");
    expect(activity()[1]).toHaveTextContent("Done");
    expect(history.requests).toEqual([`/history/accounts/${ACCOUNT}/activity?limit=10`]);
  });

  it("links to the activity page, which has every device's history, and closes when it is followed", async () => {
    mockRpc();
    const onClose = await renderPanel();
    const link = screen.getByRole("link", { name: "All activity" });
    expect(link).toHaveAttribute("href", "/pages/activity/activity");
    fireEvent.click(link);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes on Escape and on a press outside, not on one inside", async () => {
    mockRpc();
    const onClose = await renderPanel();
    fireEvent.pointerDown(screen.getByText(ACCOUNT));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByRole("button", { name: "outside" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });
});
