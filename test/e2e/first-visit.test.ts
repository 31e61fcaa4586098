import { describe, expect, inject, it } from "vitest";

import { accountChip, openApp } from "./support/browser";
import { hardhatKey } from "../../scripts/lib/injected-wallet";

describe("first visit", () => {
  it("asks the wallet for BNB Smart Chain, adds it when the wallet does not know it, connects and says 'Please Login'", async () => {
    // A MetaMask on Ethereum mainnet that has never seen chain 56.
    const app = await openApp({ key: hardhatKey(10), chainId: "0x1", knownChains: ["0x1"] });
    const { page, wallet } = app;
    await accountChip(page).waitFor();
    await page.getByText("Please Login", { exact: true }).waitFor();

    const methods = wallet!.requests.map((request) => request.method);
    expect(methods.indexOf("eth_requestAccounts")).toBeGreaterThanOrEqual(0);
    expect(methods.indexOf("wallet_switchEthereumChain")).toBeGreaterThan(methods.indexOf("eth_requestAccounts"));
    expect(methods.indexOf("wallet_addEthereumChain")).toBeGreaterThan(methods.indexOf("wallet_switchEthereumChain"));
    expect(wallet!.addedChains).toEqual([
      {
        chainId: "0x38",
        chainName: "BNB Smart Chain (local)",
        nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
        // Every endpoint the app reads through, in its order.
        rpcUrls: inject("stack").appRpcUrls,
        blockExplorerUrls: ["https://bscscan.com"],
      },
    ]);
    expect(wallet!.chainId).toBe("0x38");
    await expect(accountChip(page).textContent()).resolves.toContain(wallet!.address.slice(0, 6));
    expect(await page.getByText("Please Login", { exact: true }).isVisible()).toBe(true);
    expect(page.url()).toBe(`${inject("stack").webUrl}/#/`);
    expect(await page.getByRole("alert").filter({ hasText: "Your wallet is on another network." }).count()).toBe(0);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
