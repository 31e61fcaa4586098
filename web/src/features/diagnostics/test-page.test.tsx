import { waitFor, within } from "@testing-library/react";
import { announceProvider, type EIP1193Provider } from "mipd";
import { afterEach, describe, expect, it, vi } from "vitest";

import { addresses } from "@/config/addresses";
import { env } from "@/config/env";
import { walletDiscovery } from "@/lib/wallet/discovery";
import { stubChain } from "@/test/chain-stub";
import { ScriptedProvider } from "@/test/eip1193-mock";
import { card, disconnect, figure, renderPage } from "@/test/render-page";

afterEach(async () => {
  await disconnect();
});

describe("diagnostics", () => {
  it("shows the node's chain and block, the RPC latency, the wallet and every contract address", async () => {
    const chain = stubChain({}, 4_242n);
    await renderPage("/pages/test/test");
    await waitFor(() => expect(figure("Latest block")).toHaveTextContent("4242"));
    expect(figure("Chain id")).toHaveTextContent("56");
    expect(figure("RPC latency")).toHaveTextContent(/\d+ ms/);
    // The endpoint that answered, and every endpoint of the build with the one in use marked.
    expect(figure("Endpoint in use")).toHaveTextContent(env.rpcUrls[0]);
    const endpoints = within(card("JSON-RPC endpoints")).getAllByRole("listitem");
    expect(endpoints.map((row) => within(row).queryByText("in use") !== null)).toEqual(env.rpcUrls.map((_, index) => index === 0));
    expect(endpoints[0]).toHaveTextContent(/\d+ ms · failures: 0/);
    expect(figure("Wallet type")).toHaveTextContent("injected");
    expect(figure("Wallet chain id")).toHaveTextContent("56");
    expect(card("Contract addresses")).toHaveTextContent(addresses.Main.slice(0, 6));
    expect(chain.requests.filter((request) => request.method === "eth_chainId")).toHaveLength(1);
  });

  it("says when the node does not answer", async () => {
    stubChain().down(true);
    await renderPage("/pages/test/test", { connected: false });
    await waitFor(() => expect(figure("Chain id")).toHaveTextContent(/^Your network is abnormal, please try again later!$/));
  });

  /** The stub chain behind `fetch`, with each reply passed through `change` first. */
  function lyingNode(change: (reply: { id: unknown; result?: unknown }, method: string) => object) {
    stubChain();
    const honest = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const { method } = JSON.parse(String(init?.body)) as { method: string };
      const reply = (await (await honest(input, init)).json()) as { id: unknown; result?: unknown };
      return new Response(JSON.stringify(change(reply, method)));
    });
  }

  it("says the node did not answer when its block number is no number ('0xzz'), with no uncaught error", async () => {
    lyingNode((reply, method) => (method === "eth_blockNumber" ? { ...reply, result: "0xzz" } : reply));
    await renderPage("/pages/test/test", { connected: false });
    await waitFor(() => expect(figure("Chain id")).toHaveTextContent(/^Your network is abnormal, please try again later!$/));
    expect(figure("Latest block")).toHaveTextContent("—");
  });

  it("shows no more than an excerpt of what an endpoint sent (a 1 MB JSON-RPC id)", async () => {
    const id = "x".repeat(1_000_000);
    lyingNode((reply) => ({ ...reply, id }));
    await renderPage("/pages/test/test", { connected: false });
    const rows = () => within(card("JSON-RPC endpoints")).getAllByRole("listitem");
    await waitFor(() => expect(rows()[0]).toHaveTextContent(/last problem: the answer is for another request/));
    for (const row of rows()) expect(row.textContent!.length).toBeLessThan(400);
  });

  it("lists the wallets of the browser, each with its id, and marks the one in use", async () => {
    stubChain();
    const provider = new ScriptedProvider() as unknown as EIP1193Provider;
    const stop = announceProvider({ info: { uuid: "1", name: "Rabby Wallet", icon: "data:image/png;base64,iVBORw0KGgo=", rdns: "io.rabby" }, provider });
    try {
      // The only wallet of the browser: the app connects to it at startup.
      await renderPage("/pages/test/test", { connected: false });
      await waitFor(() => expect(figure("Wallet type")).toHaveTextContent("Rabby Wallet"));
      const rows = within(card("Wallet")).getAllByRole("listitem");
      expect(rows.map((row) => row.textContent)).toEqual(["Rabby Walletio.rabbyin use", "Dev walletdev"]);
      expect(rows[0].querySelector("img")?.getAttribute("src")).toBe("data:image/png;base64,iVBORw0KGgo=");
    } finally {
      stop();
      walletDiscovery.reset();
    }
  });

});
