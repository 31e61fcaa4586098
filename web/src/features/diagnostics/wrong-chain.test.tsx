import { waitFor, within } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";

import { stubChain } from "@/test/chain-stub";
import { card, disconnect, renderPage } from "@/test/render-page";

// A file of its own: the app's one pool asks each endpoint its chain once, so only a fresh pool
// asks this node, and after it the endpoint is out of use for two minutes.
afterEach(async () => {
  await disconnect();
});

it("marks an endpoint on another chain out of use until the time it is asked again, with the reason", async () => {
  stubChain();
  const honest = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const { method } = JSON.parse(String(init?.body)) as { method: string };
    const reply = (await (await honest(input, init)).json()) as object;
    return new Response(JSON.stringify(method === "eth_chainId" ? { ...reply, result: "0x1" } : reply));
  });
  await renderPage("/pages/test/test", { connected: false });
  const endpoint = () => within(card("JSON-RPC endpoints")).getAllByRole("listitem")[0];
  await waitFor(() => expect(endpoint()).toHaveTextContent(/wrong chain 0x1: out of use until \d{1,2}:\d{2}:\d{2}/));
  expect(endpoint()).toHaveTextContent("serves chain 0x1, not 0x38");
});
