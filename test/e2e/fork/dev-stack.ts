/**
 * The fork run's stack is `npm run dev` itself (scripts/dev.ts), forking the stand-in BNB Chain the
 * fork run started (test/fork/run.ts sets BSC_FORK_URL): node, deploy, seed, account API, indexer
 * and the web app with hot reload, as a developer gets them on a fork (docs/operations.md §2). On
 * free ports, with an address book of its own; stopped as a terminal stops it.
 */
import path from "node:path";

import type { TestProject } from "vitest/node";

import { chromiumPath } from "../../../scripts/lib/chromium";
import { addressBookFile } from "../../../scripts/lib/deployments";
import { freePort } from "../../../scripts/lib/free-port";
import { ROOT, bin, startService, waitUntil } from "../../../scripts/lib/stack";
import type { E2EStack } from "../support/stack";

const DEPLOYMENT = "e2e-fork";
/** scripts/dev.ts's banner, printed once everything answers. */
const READY = "The app is running.";
/** What the fork run reports of the start: the fork block, and what deploy kept or placed at BNB Chain's addresses. */
const REPORTED = /forking BNB Chain at block|kept BNB Chain's contract|placed a mock|kept the mock/;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromium = chromiumPath();
  if (!process.env.BSC_FORK_URL) throw new Error("The fork's browser test runs in the fork run (npm run test:fork), which sets BSC_FORK_URL.");
  const ports = { node: await freePort(), api: await freePort(), web: await freePort(), indexer: await freePort() };
  const env = { NODE_PORT: String(ports.node), API_PORT: String(ports.api), WEB_PORT: String(ports.web), INDEXER_PORT: String(ports.indexer), DEPLOYMENT_NAME: DEPLOYMENT };
  const dev = startService("npm run dev", bin("ts-node"), ["--transpile-only", "scripts/dev.ts"], env, (line) => {
    if (REPORTED.test(line)) console.log(line.trim());
  });
  const stop = async () => {
    // Ctrl-C, as a terminal sends it; the dev command stops what it started.
    if (!dev.kill("SIGINT")) return;
    const timer = setTimeout(() => void dev.stop(), 20_000);
    await dev.wait();
    clearTimeout(timer);
  };
  try {
    await waitUntil("npm run dev on the fork to be ready", async () => dev.output.includes(READY), dev, 300_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const nodeUrl = `http://127.0.0.1:${ports.node}`;
  const provided: E2EStack = {
    webUrl: `http://127.0.0.1:${ports.web}`,
    nodeUrl,
    appRpcUrls: [nodeUrl],
    // No proxies in front of the node: the dev command reads it directly.
    proxyControlUrl: "",
    addressBook: path.join(ROOT, addressBookFile(DEPLOYMENT)),
    indexerPort: ports.indexer,
    chromiumPath: chromium,
  };
  project.provide("stack", provided);
  return stop;
}
