import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { addresses } from "@/config/addresses";
import { i18next } from "@/i18n";
import { useToasts } from "@/lib/toast/toast-store";
import { metaMask } from "@/lib/wallet/connectors/metamask";
import { WalletProvider, connectWallet } from "@/lib/wallet/wallet";
import { ScriptedProvider } from "@/test/eip1193-mock";
import { mockRpc } from "@/test/rpc-mock";

import { AddTokenButton } from "./add-token-button";

const wallet = new ScriptedProvider(["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"], "0x38");
const toasts = () => useToasts.getState().toasts.map(({ key, params }) => [key, params?.token]);

async function renderButton(token: "ACB" | "USDT") {
  render(
    <WalletProvider>
      <AddTokenButton token={token} />
    </WalletProvider>,
  );
  await act(async () => {
    await connectWallet("injected");
  });
}

beforeAll(async () => {
  Object.assign(window, { ethereum: wallet });
  await i18next.loadNamespaces("activity");
});

beforeEach(() => {
  mockRpc();
  wallet.reset();
  useToasts.setState({ toasts: [] });
});

afterEach(async () => {
  await act(async () => metaMask.resetState());
});

describe("add to wallet", () => {
  it("asks the wallet to watch the product's token (EIP-747) and says it was added", async () => {
    wallet.handle("wallet_watchAsset", () => true);
    await renderButton("ACB");
    fireEvent.click(screen.getByRole("button", { name: "Add ACB to wallet" }));
    await waitFor(() => expect(toasts()).toEqual([["activity:wallet.tokenAdded", "ACB"]]));
    // EIP-747 takes an object, not a list.
    expect(wallet.called("wallet_watchAsset").map(({ params }) => params)).toEqual([[{ type: "ERC20", options: { address: addresses.ACB, symbol: "ACB", decimals: 18 } }]]);
  });

  it.each([
    ["the user declines (false)", () => false, "activity:wallet.tokenNotAdded"],
    ["the user rejects (4001)", () => Promise.reject(Object.assign(new Error("no"), { code: 4001 })), "common:wallet.rejected"],
    ["the wallet cannot (4200)", () => Promise.reject(Object.assign(new Error("unsupported"), { code: 4200 })), "activity:wallet.tokenNotAdded"],
  ])("says so when %s", async (_label, answer, key) => {
    wallet.handle("wallet_watchAsset", answer);
    await renderButton("ACB");
    fireEvent.click(screen.getByRole("button", { name: "Add ACB to wallet" }));
    await waitFor(() => expect(toasts().map(([shown]) => shown)).toEqual([key]));
  });

  it("is not offered for USDT, which wallets know", async () => {
    await renderButton("USDT");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
