/**
 * The app's JSON-RPC endpoints as the tests drive them: two proxies in front of the node
 * (global-setup.ts), through their control server (scripts/lib/rpc-proxy.ts).
 */
import { expect, inject } from "vitest";

import type { CountedEndpoints } from "../../../scripts/bench/screens";
import type { ProxyMode, ProxyStats } from "../../../scripts/lib/rpc-proxy";

async function control(route: string, method = "POST"): Promise<unknown> {
  const response = await fetch(`${inject("stack").proxyControlUrl}${route}`, { method });
  const text = await response.text();
  expect(response.ok, `${method} ${route}: ${response.status} ${text}`).toBe(true);
  return JSON.parse(text) as unknown;
}

/** Takes the app's node down or brings it back: every endpoint at once. */
export async function setNode(state: "down" | "up"): Promise<void> {
  await control(`/${state}`);
}

/** How endpoint `index` (0: the app's first) treats requests from now on. */
export async function setEndpoint(index: number, mode: ProxyMode, options: { retryAfterS?: number } = {}): Promise<void> {
  await control(`/proxies/${index}/${mode}${options.retryAfterS === undefined ? "" : `?retry-after=${options.retryAfterS}`}`);
}

/** Each endpoint's counters since the last reset, in the app's order. */
export async function endpointStats(): Promise<(ProxyStats & { mode: ProxyMode })[]> {
  return (await control("/stats", "GET")) as (ProxyStats & { mode: ProxyMode })[];
}

export async function resetEndpointStats(): Promise<void> {
  await control("/reset");
}

/** The endpoints as the benchmark's request count reads them (scripts/bench/screens.ts, measureRequests). */
export const countedEndpoints: CountedEndpoints = {
  reset: resetEndpointStats,
  read: endpointStats,
  idle: async (quietMs) => {
    await control(`/idle?quiet-ms=${quietMs}`);
  },
};
