import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { Main__factory } from "@typechain/index";

import { useToasts } from "@/lib/toast/toast-store";
import { metaMask } from "@/lib/wallet/connectors/metamask";
import { WalletProvider, connectWallet } from "@/lib/wallet/wallet";
import { ScriptedProvider } from "@/test/eip1193-mock";
import { mockRpc } from "@/test/rpc-mock";

import { useChainStatus } from "./chain-status";
import { CONFIRMATION_TIMEOUT_MS, useContractAction, type SendTransaction } from "./use-contract-action";

vi.mock("./signing", () => ({
  signingContracts: vi.fn(async () => ({})),
  waitMined: (response: { wait: (confirms: number, timeoutMs: number) => Promise<unknown> }, timeoutMs: number) => response.wait(1, timeoutMs),
}));

const wallet = new ScriptedProvider(["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"], "0x38");

function Harness({ send }: { send: SendTransaction<[]> }) {
  const transaction = useContractAction(send, { success: "common:messages.purchaseSuccessful", failure: "errors:purchaseFailed" });
  return (
    <>
      <output data-testid="phase">{transaction.phase}</output>
      <output data-testid="hash">{transaction.hash ?? ""}</output>
      <output data-testid="error">{transaction.error?.key ?? ""}</output>
      <button type="button" onClick={() => void transaction.run()}>
        send
      </button>
    </>
  );
}

function deferred() {
  let resolve!: (value: unknown) => void;
  const promise = new Promise((done) => (resolve = done));
  return { promise, resolve };
}

async function renderConnected(send: SendTransaction<[]>) {
  render(
    <WalletProvider>
      <Harness send={send} />
    </WalletProvider>,
  );
  await act(async () => {
    await connectWallet("injected");
  });
}

const toasts = () => useToasts.getState().toasts.map((toast) => toast.key);

beforeAll(() => {
  Object.assign(window, { ethereum: wallet });
});

beforeEach(() => {
  mockRpc();
  wallet.chainId = "0x38";
  wallet.reset();
  useToasts.setState({ toasts: [] });
});

afterEach(async () => {
  await act(async () => metaMask.resetState());
});

describe("the transaction helper", () => {
  it("goes wallet, pending with the hash, confirmed; then views refresh", async () => {
    const mined = deferred();
    const signed = deferred();
    const send = vi.fn(async () => {
      await signed.promise;
      return { hash: "0xabc", wait: async () => (await mined.promise, { status: 1 }) } as never;
    });
    await renderConnected(send);
    const version = useChainStatus.getState().txVersion;
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(screen.getByTestId("phase")).toHaveTextContent("wallet"));
    await act(async () => signed.resolve(undefined));
    await waitFor(() => expect(screen.getByTestId("phase")).toHaveTextContent("pending"));
    expect(screen.getByTestId("hash")).toHaveTextContent("0xabc");
    await act(async () => mined.resolve(undefined));
    await waitFor(() => expect(screen.getByTestId("phase")).toHaveTextContent("confirmed"));
    expect(toasts()).toContain("common:messages.purchaseSuccessful");
    expect(useChainStatus.getState().txVersion).toBe(version + 1);
  });

  it("ignores a second submit while one is in flight", async () => {
    const signed = deferred();
    const send = vi.fn(async () => (await signed.promise, { hash: "0x1", wait: async () => ({ status: 1 }) }) as never);
    await renderConnected(send);
    act(() => {
      screen.getByRole("button").click();
      screen.getByRole("button").click();
    });
    await act(async () => signed.resolve(undefined));
    await waitFor(() => expect(screen.getByTestId("phase")).toHaveTextContent("confirmed"));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("decodes a revert into the spec's message", async () => {
    const data = Main__factory.createInterface().encodeErrorResult("MainAllowanceTooLow", [wallet.accounts[0], 0n, 5n]);
    const send = vi.fn(async () => {
      throw Object.assign(new Error("execution reverted"), { code: "CALL_EXCEPTION", data });
    });
    await renderConnected(send);
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(screen.getByTestId("phase")).toHaveTextContent("failed"));
    expect(screen.getByTestId("error")).toHaveTextContent("errors:authorizeFirst");
    expect(toasts()).toContain("errors:authorizeFirst");
  });

  it("says so when the wallet rejects, and stays usable", async () => {
    const send = vi.fn(async () => {
      throw Object.assign(new Error("user rejected"), { code: "ACTION_REJECTED" });
    });
    await renderConnected(send);
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(screen.getByTestId("error")).toHaveTextContent("common:wallet.rejected"));
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });

  it("stops waiting for a transaction that is never mined, says the network is at fault, and stays usable", async () => {
    // As ethers' TransactionResponse.wait does when its timeout passes.
    const wait = vi.fn(async (_confirms?: number, timeout?: number) => {
      throw Object.assign(new Error(`timeout after ${timeout} ms`), { code: "TIMEOUT" });
    });
    const send = vi.fn(async () => ({ hash: "0xdead", wait }) as never);
    await renderConnected(send);
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(screen.getByTestId("phase")).toHaveTextContent("failed"));
    expect(wait).toHaveBeenCalledWith(1, CONFIRMATION_TIMEOUT_MS);
    expect(screen.getByTestId("error")).toHaveTextContent("errors:network");
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });

  it("sends nothing on another chain", async () => {
    const send = vi.fn();
    await renderConnected(send);
    act(() => wallet.emit("chainChanged", "0x1"));
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(toasts()).toContain("common:wallet.wrongNetwork"));
    expect(send).not.toHaveBeenCalled();
  });

  it("sends nothing without a wallet", async () => {
    const send = vi.fn();
    render(
      <WalletProvider>
        <Harness send={send} />
      </WalletProvider>,
    );
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(toasts()).toContain("common:wallet.connectFirst"));
    expect(send).not.toHaveBeenCalled();
  });
});
