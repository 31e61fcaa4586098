/**
 * Starts what the browser tests drive, and stops it afterwards: a `hardhat node` (chain id 56)
 * with the contracts deployed and seeded, a proxy in front of it that the app's JSON-RPC goes
 * through (so a test can take "the node" down and bring it back), the mock account API, and a
 * production build of the app served by `vite preview`. Chromium must be there: without it the
 * run fails, it never skips.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import type { FastifyInstance } from "fastify";
import type { TestProject } from "vitest/node";

import { startApi } from "../../mocks/api/start";
import { chromiumPath } from "../../scripts/lib/chromium";
import { RpcProxy, startProxyControl } from "../../scripts/lib/rpc-proxy";
import { ROOT, buildWeb, deploy, ensurePortFree, seed, startNode, startWeb, type Service } from "../../scripts/lib/stack";
import type { E2EStack } from "./support/stack";

/** Ports of their own, so the tests run beside `npm run dev`. */
const PORTS = { node: 18545, proxy: 18546, control: 18547, api: 18787, web: 14173 };
export const RESULTS_DIR = path.join(ROOT, "test-results");

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromium = chromiumPath();
  for (const [name, port] of Object.entries(PORTS)) await ensurePortFree(port, `browser tests: ${name}`, "a free port (see test/e2e/global-setup.ts)");
  mkdirSync(RESULTS_DIR, { recursive: true });

  const services: Service[] = [];
  let api: FastifyInstance | undefined;
  let proxy: RpcProxy | undefined;
  let control: Awaited<ReturnType<typeof startProxyControl>> | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-api-"));
  const teardown = async () => {
    await Promise.all([...services.map((service) => service.stop()), api?.close(), proxy?.down()]);
    control?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const nodeUrl = `http://127.0.0.1:${PORTS.node}`;
    services.push(await startNode(PORTS.node));
    proxy = new RpcProxy(nodeUrl, PORTS.proxy);
    await proxy.up();
    control = await startProxyControl(proxy, PORTS.control);

    const addressBook = await deploy(nodeUrl, "e2e");
    await seed(nodeUrl, "e2e");
    api = await startApi({
      port: PORTS.api,
      host: "127.0.0.1",
      dataDir,
      rpcUrl: nodeUrl,
      addressBook,
      logLevel: "info",
      logFile: path.join(RESULTS_DIR, "e2e-api.log"),
    });

    const ports = { node: PORTS.proxy, api: PORTS.api, web: PORTS.web };
    const outDir = path.join(RESULTS_DIR, "e2e-dist");
    await buildWeb({ ports, addressBook, rpcUrl: proxy.url, outDir });
    services.push(await startWeb({ mode: "preview", ports, addressBook, rpcUrl: proxy.url, outDir }));

    const stack: E2EStack = {
      webUrl: `http://127.0.0.1:${PORTS.web}`,
      nodeUrl,
      proxyControlUrl: `http://127.0.0.1:${PORTS.control}`,
      addressBook,
      chromiumPath: chromium,
    };
    project.provide("stack", stack);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
