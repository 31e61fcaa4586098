/**
 * The connect flow against a scripted EIP-1193 wallet: eth_requestAccounts, then a switch to
 * 0x38, adding the chain when the switch fails, and the errors users are told about.
 */
import { act, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { addEthereumChainParameter } from "@/config/chain";
import { useToasts } from "@/lib/toast/toast-store";
import { ScriptedProvider } from "@/test/eip1193-mock";
import { mockRpc } from "@/test/rpc-mock";

import { legacyWallet } from "./connectors/legacy";
import { metaMask } from "./connectors/metamask";
import { connectAndReport, useWalletSession } from "./use-wallet-session";
import { SILENT_CONNECT_MS, WalletProvider, connectWallet, disconnectWallet, startupConnection, useWallet } from "./wallet";

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

// The MetaMask connector finds window.ethereum once: one scripted wallet serves every test here.
const wallet = new ScriptedProvider([ALICE], "0x1");

beforeAll(() => {
  Object.assign(window, { ethereum: wallet });
});

beforeEach(() => {
  mockRpc();
  wallet.accounts = [ALICE];
  wallet.chainId = "0x1";
  wallet.reset();
});

afterEach(async () => {
  await act(async () => {
    await metaMask.resetState();
    await legacyWallet.resetState();
  });
  useToasts.setState({ toasts: [] });
});

/** Runs `body` on a screen whose main pointer is `pointer` (a phone: coarse and no hover). */
async function withPointer(pointer: "phone" | "touch desktop", body: () => Promise<void> | void): Promise<void> {
  const matches = (query: string) => pointer === "phone" || !query.includes("hover: none");
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: matches(query), media: query, addEventListener() {}, removeEventListener() {} }));
  Object.defineProperty(window.navigator, "maxTouchPoints", { value: 5, configurable: true });
  try {
    await body();
  } finally {
    vi.unstubAllGlobals();
    mockRpc();
    Object.defineProperty(window.navigator, "maxTouchPoints", { value: 0, configurable: true });
  }
}

/** Runs `body` as on a phone, where a page with a wallet is open in the wallet's own browser. */
const onAPhone = (body: () => Promise<void> | void) => withPointer("phone", body);

describe("connect", () => {
  it("finds the injected wallet when no wallet announces itself: silently on a desktop, with a prompt on a phone", async () => {
    expect(startupConnection()).toEqual({ choice: "injected", eager: true });
    await onAPhone(() => expect(startupConnection()).toEqual({ choice: "injected", eager: false }));
    // A laptop with a touch screen is a desktop: its mouse hovers.
    await withPointer("touch desktop", () => expect(startupConnection()).toEqual({ choice: "injected", eager: true }));
  });

  it("connects nothing at startup after the user disconnected, until they connect again", async () => {
    await connectWallet("injected");
    await disconnectWallet();
    // The next visit: no prompt for a site the user just left.
    expect(startupConnection()).toBeUndefined();
    await connectWallet("injected");
    expect(startupConnection()).toEqual({ choice: "injected", eager: true });
  });

  it("requests accounts, keeps the first, and switches to BNB Smart Chain", async () => {
    wallet.accounts = [ALICE, BOB];
    expect(await connectWallet("injected")).toBeUndefined();
    const methods = wallet.requests.map((request) => request.method);
    expect(methods.indexOf("eth_requestAccounts")).toBeLessThan(methods.indexOf("wallet_switchEthereumChain"));
    expect(wallet.called("wallet_switchEthereumChain")[0].params).toEqual([{ chainId: "0x38" }]);
    expect(wallet.called("wallet_addEthereumChain")).toHaveLength(0);
    expect(wallet.chainId).toBe("0x38");
    // The app's account is the first of the two the wallet gave.
    renderSession("/");
    await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(ALICE));
  });

  it("adds the chain when the wallet does not know it (4902), and carries on", async () => {
    wallet.fail("wallet_switchEthereumChain", 4902, "Unrecognized chain ID");
    expect(await connectWallet("injected")).toBeUndefined();
    const [add] = wallet.called("wallet_addEthereumChain");
    expect(add.params).toEqual([
      {
        chainId: "0x38",
        chainName: addEthereumChainParameter.chainName,
        nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
        rpcUrls: [addEthereumChainParameter.rpcUrls[0]],
        blockExplorerUrls: ["https://bscscan.com"],
      },
    ]);
    expect(addEthereumChainParameter.rpcUrls[0]).toMatch(/^https?:\/\//);
  });

  it("adds the chain when switching fails for another reason too", async () => {
    wallet.fail("wallet_switchEthereumChain", -32603, "Internal error");
    await connectWallet("injected");
    expect(wallet.called("wallet_addEthereumChain")).toHaveLength(1);
  });

  it("carries on when adding the chain fails as well", async () => {
    wallet.fail("wallet_switchEthereumChain", 4902).fail("wallet_addEthereumChain", 4001);
    expect(await connectWallet("injected")).toBeUndefined();
  });

  it("reports a rejected request (4001) and goes no further", async () => {
    wallet.fail("eth_requestAccounts", 4001, "User rejected the request.");
    expect(await connectWallet("injected")).toBe("rejected");
    expect(wallet.called("wallet_switchEthereumChain")).toHaveLength(0);
  });

  it("reports a request already open in the wallet (-32002)", async () => {
    wallet.fail("eth_requestAccounts", -32002, "Request of type 'wallet_requestPermissions' already pending");
    expect(await connectWallet("injected")).toBe("requestPending");
  });

  it("reports other failures as such, and goes no further", async () => {
    wallet.fail("eth_requestAccounts", -32603, "Internal JSON-RPC error.");
    expect(await connectWallet("injected")).toBe("other");
    expect(wallet.called("wallet_switchEthereumChain")).toHaveLength(0);
  });

  it("tells a user who pressed Connect that the wallet failed, and stays quiet at startup", async () => {
    wallet.fail("eth_requestAccounts", -32603, "Internal JSON-RPC error.");
    await connectAndReport("injected", { byUser: false });
    expect(useToasts.getState().toasts).toEqual([]);
    await connectAndReport("injected", { byUser: true });
    expect(useToasts.getState().toasts.map((toast) => toast.key)).toEqual(["errors:walletFailed"]);
  });

  it("connects a legacy web3.currentProvider too", async () => {
    const legacy = new ScriptedProvider([BOB], "0x38");
    const sendAsync = (payload: { id: number; method: string; params: unknown[] }, callback: (e: unknown, r?: unknown) => void) => {
      legacy.request(payload).then(
        (result) => callback(null, { id: payload.id, result }),
        (error: unknown) => callback(error),
      );
    };
    Object.assign(window, { web3: { currentProvider: { sendAsync } } });
    try {
      expect(await connectWallet("legacy")).toBeUndefined();
      expect(legacy.called("eth_requestAccounts")).toHaveLength(1);
      expect(legacy.called("wallet_switchEthereumChain")).toHaveLength(1);
    } finally {
      delete (window as { web3?: unknown }).web3;
    }
  });
});

function Probe() {
  useWalletSession();
  const { account, isWrongChain, isActivating } = useWallet();
  const location = useLocation();
  return (
    <>
      <output aria-label="account">{account ?? "none"}</output>
      <output aria-label="activating">{String(isActivating)}</output>
      <output aria-label="wrong-chain">{String(isWrongChain)}</output>
      <output aria-label="where">{location.pathname}</output>
    </>
  );
}

function renderSession(path: string) {
  return render(
    <WalletProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<Probe />} />
        </Routes>
      </MemoryRouter>
    </WalletProvider>,
  );
}

describe("session", () => {
  it("connects at startup, and goes to the index page when the account changes", async () => {
    renderSession("/pages/index/myTeam");
    await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(ALICE));
    expect(screen.getByLabelText("where")).toHaveTextContent("/pages/index/myTeam");
    act(() => wallet.emit("accountsChanged", [BOB, ALICE]));
    await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(BOB));
    expect(screen.getByLabelText("where")).toHaveTextContent("/pages/index/index");
  });

  it("tells the user on a phone when the startup request is rejected", async () => {
    wallet.fail("eth_requestAccounts", 4001);
    await onAPhone(async () => {
      renderSession("/");
      await waitFor(() => expect(useToasts.getState().toasts.map((toast) => toast.key)).toContain("common:wallet.rejected"));
    });
    expect(screen.getByLabelText("account")).toHaveTextContent("none");
  });

  it("asks a lone wallet on a desktop nothing at page load: a site it let in before connects silently", async () => {
    renderSession("/");
    await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(ALICE));
    expect(wallet.called("eth_accounts").length).toBeGreaterThan(0);
    expect(wallet.called("eth_requestAccounts")).toHaveLength(0);
  });

  it("leaves a desktop visitor whose wallet has not let the site in disconnected, unasked, until they press Connect", async () => {
    wallet.handle("eth_accounts", () => []);
    renderSession("/");
    await waitFor(() => expect(wallet.called("eth_accounts").length).toBeGreaterThan(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByLabelText("account")).toHaveTextContent("none");
    // No prompt of any kind: not for accounts, not for the chain.
    expect(wallet.requests.map((request) => request.method).filter((method) => method !== "eth_accounts" && method !== "eth_chainId")).toEqual([]);
    expect(useToasts.getState().toasts).toEqual([]);
    // Pressing Connect asks, and connects.
    await act(() => connectAndReport("injected", { byUser: true }));
    expect(wallet.called("eth_requestAccounts")).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(ALICE));
  });

  it("gives up a silent connection the wallet does not answer, and shows the app unconnected, not connecting", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      wallet.handle("eth_accounts", () => new Promise(() => undefined));
      renderSession("/");
      await waitFor(() => expect(wallet.called("eth_accounts").length).toBeGreaterThan(0));
      await act(() => vi.advanceTimersByTimeAsync(SILENT_CONNECT_MS + 100));
      expect(screen.getByLabelText("account")).toHaveTextContent("none");
      expect(screen.getByLabelText("activating")).toHaveTextContent("false");
      expect(wallet.called("eth_requestAccounts")).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks a lone wallet on a phone (the wallet's own browser) for accounts at page load", async () => {
    await onAPhone(async () => {
      renderSession("/");
      await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(ALICE));
    });
    expect(wallet.called("eth_requestAccounts")).toHaveLength(1);
  });

  it("flags another chain, and not BNB Smart Chain", async () => {
    renderSession("/");
    await waitFor(() => expect(screen.getByLabelText("account")).toHaveTextContent(ALICE));
    expect(screen.getByLabelText("wrong-chain")).toHaveTextContent("false");
    act(() => wallet.emit("chainChanged", "0x1"));
    await waitFor(() => expect(screen.getByLabelText("wrong-chain")).toHaveTextContent("true"));
  });
});
