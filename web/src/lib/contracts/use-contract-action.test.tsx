import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { Main__factory } from "@typechain/index";

import { useToasts } from "@/lib/toast/toast-store";
import { transactionLog } from "@/lib/transactions/transaction-log";
import { POLL_MS, resetWatcher } from "@/lib/transactions/watcher";
import { metaMask } from "@/lib/wallet/connectors/metamask";
import { WalletProvider, connectWallet } from "@/lib/wallet/wallet";
import { ScriptedProvider } from "@/test/eip1193-mock";
import { mockRpc } from "@/test/rpc-mock";
import { sentTransaction } from "@/test/sent-transactions";
import { SendAgainHost } from "@/widgets/send-again-host";

import { useChainStatus } from "./chain-status";
import { contracts } from "./contracts";
import { CONFIRMATION_TIMEOUT_MS, useContractAction } from "./use-contract-action";
import { write } from "./write";

const ACCOUNT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const wallet = new ScriptedProvider([ACCOUNT], "0x38");
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, "a")}`;

/** A settlement of the lucky pool this account sent before, still pending. */
const pendingSettlement = (n: number) =>
  sentTransaction(n, {
    hash: hashOf(n),
    account: ACCOUNT.toLowerCase(),
    action: "settle:lucky",
    summary: { key: "activity:summaries.settleLucky" },
    to: contracts.main.target.toLowerCase(),
    data: "0x",
    sentAt: Date.now(),
    messages: { success: "common:messages.settleSuccessful", failure: "errors:actionFailed" },
  });

/** The node the watcher asks: a receipt per hash once `mine` says so. */
function fakeNode() {
  const receipts = new Map<string, string>();
  const rpc = vi.fn(async (method: string, params: unknown[]) => {
    if (method === "eth_getTransactionReceipt") {
      const status = receipts.get(params[0] as string);
      return status ? { status, blockNumber: "0x10", logs: [] } : null;
    }
    if (method === "eth_getTransactionByHash") return { nonce: "0x5" };
    if (method === "eth_getTransactionCount") return "0x5";
    if (method === "eth_call") {
      const data = Main__factory.createInterface().encodeErrorResult("MainAllowanceTooLow", [ACCOUNT, 0n, 5n]);
      throw Object.assign(new Error("execution reverted"), { code: 3, data });
    }
    throw new Error(`unexpected ${method}`);
  });
  resetWatcher(rpc as never);
  return { rpc, mine: (hash: string, status = "0x1") => receipts.set(hash, status) };
}

function Harness() {
  const transaction = useContractAction({
    action: "settle:lucky",
    plan: () => ({ call: write(contracts.main, "settleLuckyPool"), summary: { key: "activity:summaries.settleLucky" } }),
    success: "common:messages.settleSuccessful",
    failure: "errors:actionFailed",
  });
  return (
    <>
      <output aria-label="phase">{transaction.phase}</output>
      <output aria-label="hash">{transaction.hash ?? ""}</output>
      <output aria-label="error">{transaction.error?.key ?? ""}</output>
      <output aria-label="pending">{transaction.pending.map((sent) => sent.hash).join(",")}</output>
      <button type="button" onClick={() => void transaction.run()}>
        send
      </button>
      <SendAgainHost />
    </>
  );
}

async function renderConnected() {
  render(
    <WalletProvider>
      <Harness />
    </WalletProvider>,
  );
  await act(async () => {
    await connectWallet("injected");
  });
}

const send = () => act(() => screen.getByRole("button", { name: "send" }).click());
const phase = () => screen.getByLabelText("phase").textContent;
const toasts = () => useToasts.getState().toasts.map((toast) => toast.key);
const sentHashes = () => wallet.called("eth_sendTransaction").length;

let node: ReturnType<typeof fakeNode>;
let nextHash = 1;

beforeAll(() => {
  Object.assign(window, { ethereum: wallet });
});

beforeEach(() => {
  mockRpc();
  node = fakeNode();
  wallet.chainId = "0x38";
  wallet.reset();
  wallet.accounts = [ACCOUNT];
  wallet.handle("eth_estimateGas", () => "0x5208");
  wallet.handle("eth_sendTransaction", () => hashOf(nextHash++));
  useToasts.setState({ toasts: [] });
  useChainStatus.setState({ networkOk: true });
});

afterEach(async () => {
  resetWatcher();
  vi.useRealTimers();
  await act(async () => metaMask.resetState());
});

describe("the transaction helper", () => {
  it("estimates, sends from the wallet, keeps the transaction, then confirms it from its receipt; views refresh", async () => {
    await renderConnected();
    const version = useChainStatus.getState().txVersion;
    send();
    await waitFor(() => expect(phase()).toBe("pending"));
    const hash = screen.getByLabelText("hash").textContent!;
    expect(wallet.called("eth_estimateGas")[0].params[0]).toEqual({ from: ACCOUNT.toLowerCase(), to: contracts.main.target, data: Main__factory.createInterface().encodeFunctionData("settleLuckyPool") });
    // Kept on the device the moment the wallet gave the hash.
    expect(transactionLog.find(hash)).toMatchObject({ state: "pending", account: ACCOUNT.toLowerCase(), action: "settle:lucky", chainId: 56 });
    node.mine(hash);
    await waitFor(() => expect(phase()).toBe("confirmed"), { timeout: POLL_MS * 3 });
    expect(transactionLog.find(hash)?.state).toBe("confirmed");
    expect(toasts()).toEqual(["common:messages.settleSuccessful"]);
    expect(useChainStatus.getState().txVersion).toBe(version + 1);
  });

  it("ignores a second submit while one is in flight", async () => {
    await renderConnected();
    act(() => {
      screen.getByRole("button", { name: "send" }).click();
      screen.getByRole("button", { name: "send" }).click();
    });
    await waitFor(() => expect(phase()).toBe("pending"));
    node.mine(screen.getByLabelText("hash").textContent!);
    await waitFor(() => expect(phase()).toBe("confirmed"), { timeout: POLL_MS * 3 });
    expect(sentHashes()).toBe(1);
  });

  it("decodes a revert found by the estimate into the product's message, and sends nothing", async () => {
    const data = Main__factory.createInterface().encodeErrorResult("MainAllowanceTooLow", [ACCOUNT, 0n, 5n]);
    wallet.handle("eth_estimateGas", () => {
      throw Object.assign(new Error("execution reverted"), { code: -32603, data: { code: 3, data } });
    });
    await renderConnected();
    send();
    await waitFor(() => expect(phase()).toBe("failed"));
    expect(screen.getByLabelText("error")).toHaveTextContent("errors:authorizeFirst");
    expect(toasts()).toContain("errors:authorizeFirst");
    expect(sentHashes()).toBe(0);
    expect(transactionLog.all()).toEqual([]);
  });

  it("a transaction mined but reverted fails with the reason its replay gives", async () => {
    await renderConnected();
    send();
    await waitFor(() => expect(phase()).toBe("pending"));
    const hash = screen.getByLabelText("hash").textContent!;
    node.mine(hash, "0x0");
    await waitFor(() => expect(phase()).toBe("failed"), { timeout: POLL_MS * 3 });
    expect(screen.getByLabelText("error")).toHaveTextContent("errors:authorizeFirst");
    expect(transactionLog.find(hash)).toMatchObject({ state: "failed", failure: { key: "errors:authorizeFirst" } });
    // Replayed at the block it was mined in.
    expect(node.rpc.mock.calls.find(([method]) => method === "eth_call")?.[1][1]).toBe("0x10");
  });

  it("says so when the wallet rejects, keeps nothing, and stays usable", async () => {
    wallet.fail("eth_sendTransaction", 4001, "User denied transaction signature.");
    await renderConnected();
    send();
    await waitFor(() => expect(screen.getByLabelText("error")).toHaveTextContent("common:wallet.rejected"));
    expect(transactionLog.all()).toEqual([]);
    send();
    await waitFor(() => expect(wallet.called("eth_sendTransaction")).toHaveLength(2));
  });

  it("stops waiting after the confirmation timeout: back to idle, the transaction still kept pending and shown", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderConnected();
    send();
    await waitFor(() => expect(phase()).toBe("pending"));
    const hash = screen.getByLabelText("hash").textContent!;
    await act(async () => vi.advanceTimersByTimeAsync(CONFIRMATION_TIMEOUT_MS));
    await waitFor(() => expect(phase()).toBe("idle"));
    expect(toasts()).toContain("activity:tx.stillPending");
    expect(transactionLog.find(hash)?.state).toBe("pending");
    expect(screen.getByLabelText("pending")).toHaveTextContent(hash);
  });

  it("asks before sending the same action while one is pending; 'wait' sends nothing, 'send another' sends", async () => {
    await renderConnected();
    transactionLog.add(pendingSettlement(900));
    await waitFor(() => expect(screen.getByLabelText("pending")).toHaveTextContent(hashOf(900)));
    send();
    await screen.findByText(/still pending/);
    act(() => screen.getByRole("button", { name: "Wait for it" }).click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sentHashes()).toBe(0);
    expect(phase()).toBe("idle");

    send();
    const again = await screen.findByRole("button", { name: "Send another" });
    act(() => again.click());
    await waitFor(() => expect(phase()).toBe("pending"));
    expect(sentHashes()).toBe(1);
  });

  it("asks about a pending transaction the page has not shown yet (stored before the memory loaded)", async () => {
    await renderConnected();
    window.localStorage.setItem(
      "am-transactions",
      JSON.stringify({
        version: 1,
        transactions: [
          pendingSettlement(901),
        ],
      }),
    );
    expect(screen.getByLabelText("pending")).toHaveTextContent("");
    send();
    await screen.findByText(/still pending/);
    act(() => screen.getByRole("button", { name: "Wait for it" }).click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sentHashes()).toBe(0);
  });

  it("checks the chain again after the question: a wallet moved to another chain meanwhile sends nothing", async () => {
    mockRpc(undefined, 100n, { nonce: (tag) => (tag === "pending" ? 6 : 5) });
    await renderConnected();
    send();
    const again = await screen.findByRole("button", { name: "Send another" });
    act(() => wallet.emit("chainChanged", "0x1"));
    act(() => again.click());
    await waitFor(() => expect(toasts()).toContain("common:wallet.wrongNetwork"));
    expect(wallet.called("eth_estimateGas")).toEqual([]);
  });

  it("asks first when the node holds transactions of the account this device does not know (the page reloaded while the wallet asked)", async () => {
    mockRpc(undefined, 100n, { nonce: (tag) => (tag === "pending" ? 6 : 5) });
    await renderConnected();
    send();
    await screen.findByText(/not sent from this page/);
    // Open with its words: the button is within reach as soon as they are there.
    act(() => screen.getByRole("button", { name: "Wait for it" }).click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(sentHashes()).toBe(0);
  });

  it("withdraws the question, sending nothing, when the wallet changes account", async () => {
    mockRpc(undefined, 100n, { nonce: (tag) => (tag === "pending" ? 6 : 5) });
    await renderConnected();
    send();
    await screen.findByText(/not sent from this page/);
    wallet.accounts = ["0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"];
    act(() => wallet.emit("accountsChanged", wallet.accounts));
    await waitFor(() => expect(screen.queryByText(/not sent from this page/)).toBeNull());
    expect(sentHashes()).toBe(0);
    expect(phase()).toBe("idle");
  });

  it("sends nothing while the node does not answer", async () => {
    await renderConnected();
    useChainStatus.setState({ networkOk: false });
    send();
    await waitFor(() => expect(toasts()).toContain("common:status.networkDown"));
    expect(wallet.called("eth_estimateGas")).toEqual([]);
  });

  it("sends nothing on another chain", async () => {
    await renderConnected();
    act(() => wallet.emit("chainChanged", "0x1"));
    send();
    await waitFor(() => expect(toasts()).toContain("common:wallet.wrongNetwork"));
    expect(wallet.called("eth_estimateGas")).toEqual([]);
  });

  it("sends nothing without a wallet", async () => {
    render(
      <WalletProvider>
        <Harness />
      </WalletProvider>,
    );
    send();
    await waitFor(() => expect(toasts()).toContain("common:wallet.connectFirst"));
    expect(wallet.called("eth_estimateGas")).toEqual([]);
  });
});
