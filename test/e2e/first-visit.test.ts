import { describe, expect, inject, it } from "vitest";

import { accountChip, openApp } from "./support/browser";
import { hardhatKey } from "../../scripts/lib/injected-wallet";

describe("first visit", () => {
  it("asks a desktop visitor nothing before Connect; then asks for BNB Smart Chain, adds it when the wallet does not know it, connects and says 'Please Login'", async () => {
    // A MetaMask on Ethereum mainnet that has never seen chain 56, nor this site.
    const app = await openApp({ key: hardhatKey(10), chainId: "0x1", knownChains: ["0x1"], letIn: false });
    const { page, wallet } = app;
    // The page loads and reads; the wallet is asked only whether it let the site in (no prompt).
    await page.getByRole("banner").getByRole("button", { name: "Connect", exact: true }).waitFor();
    await page.getByText("You are viewing without a wallet. Connect a wallet to take part.").waitFor();
    const asked = new Set(wallet!.requests.map((request) => request.method));
    expect(asked.has("eth_accounts")).toBe(true);
    expect([...asked].filter((method) => !["eth_accounts", "eth_chainId"].includes(method))).toEqual([]);

    await page.getByRole("banner").getByRole("button", { name: "Connect", exact: true }).click();
    await page.getByRole("menuitem", { name: "Browser wallet" }).click();
    await accountChip(page).waitFor();
    await page.getByText("Please Login", { exact: true }).waitFor();

    const methods = wallet!.requests.map((request) => request.method);
    expect(methods.filter((method) => method === "eth_requestAccounts")).toHaveLength(1);
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
