import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { addresses } from "@/config/addresses";
import { stubChain } from "@/test/chain-stub";
import { disconnect, renderPage } from "@/test/render-page";

afterEach(async () => {
  await disconnect();
});

describe("diagnostics", () => {
  it("shows the node's chain and block, the RPC latency, the wallet and every contract address", async () => {
    const chain = stubChain({}, 4_242n);
    await renderPage("/pages/test/test");
    await waitFor(() => expect(screen.getByTestId("node-block")).toHaveTextContent("4242"));
    expect(screen.getByTestId("node-chain-id")).toHaveTextContent("56");
    expect(screen.getByTestId("rpc-latency")).toHaveTextContent(/\d+ ms/);
    expect(screen.getByTestId("wallet-kind")).toHaveTextContent("injected");
    expect(screen.getByTestId("wallet-chain")).toHaveTextContent("56");
    expect(screen.getByTestId("diagnostics-contracts")).toHaveTextContent(addresses.Main.slice(0, 6));
    expect(chain.requests.filter((request) => request.method === "eth_chainId")).toHaveLength(1);
  });

  it("says when the node does not answer", async () => {
    stubChain().down(true);
    await renderPage("/pages/test/test", { connected: false });
    expect(await screen.findByText("Your network is abnormal, please try again later!", { selector: "[data-testid=node-chain-id]" })).toBeInTheDocument();
  });
});
