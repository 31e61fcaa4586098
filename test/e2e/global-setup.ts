/**
 * Starts what the browser tests drive, and stops it afterwards: a `hardhat node` (chain id 56)
 * with the contracts deployed and seeded, two proxies in front of it that are the app's JSON-RPC
 * endpoints, first and second (so a test can take "the node" down and bring it back, or make one
 * endpoint fail as a throttled public node does), the mock account API, and a
 * production build of the app served by `vite preview` (with its list of modules per chunk, which
 * budgets.test.ts reads to count the copies of ethers). Chromium must be there: without it the
 * run fails, it never skips.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";

import type { TestProject } from "vitest/node";

import { chromiumPath, launchChromium } from "../../scripts/lib/chromium";
import { startProxyControl } from "../../scripts/lib/rpc-proxy";
import { ROOT, ensurePortFree, startStack, type Stack } from "../../scripts/lib/stack";
import { fontReport } from "./support/fonts";
import { portOffset } from "./support/ports";
import type { E2EStack } from "./support/stack";

/** Ports of their own, so the tests run beside `npm run dev` (E2E_PORT_OFFSET moves them). */
const OFFSET = portOffset();
const PORTS = { node: 18545 + OFFSET, proxy: 18546 + OFFSET, control: 18547 + OFFSET, secondProxy: 18548 + OFFSET, api: 18787 + OFFSET, web: 14173 + OFFSET, indexer: 18069 + OFFSET };
export const RESULTS_DIR = path.join(ROOT, "test-results");
/** Each stack's own files, when two run at once (test/e2e/run.ts): named by the offset. */
const RUN = OFFSET ? `-${OFFSET}` : "";
/** The production build the tests run against. */
export const E2E_DIST = path.join(RESULTS_DIR, `e2e-dist${RUN}`);
/** The modules that went into each of its chunks (web/build/bundle-stats.ts). */
export const E2E_BUNDLE_STATS = path.join(RESULTS_DIR, `e2e-bundle-stats${RUN}.json`);

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromium = chromiumPath();
  for (const [name, port] of Object.entries(PORTS)) await ensurePortFree(port, `browser tests: ${name}`, "set E2E_PORT_OFFSET or change PORTS in test/e2e/global-setup.ts");
  mkdirSync(RESULTS_DIR, { recursive: true });

  let stack: Stack | undefined;
  let control: Server | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-api-"));
  const teardown = async () => {
    control?.close();
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    stack = await startStack({
      // Its own address book on a fork (CI's fork run, vitest.fork.config.mts).
      deploymentName: `${process.env.BSC_FORK_URL ? "e2e-fork" : "e2e"}${RUN}`,
      nodePort: PORTS.node,
      apiPort: PORTS.api,
      webPort: PORTS.web,
      proxyPorts: [PORTS.proxy, PORTS.secondProxy],
      apiDataDir: dataDir,
      apiLogFile: path.join(RESULTS_DIR, `e2e-api${RUN}.log`),
      // What deploy kept at BNB Chain's addresses, or placed there: the fork run prints it.
      taskEcho: (line) => {
        if (/kept|placed a mock/.test(line)) console.log(line.trim());
      },
    });
    control = await startProxyControl(stack.proxies, PORTS.control);

    const outDir = E2E_DIST;
    rmSync(E2E_BUNDLE_STATS, { force: true });
    await stack.buildWeb({ webPort: PORTS.web, outDir, env: { BUNDLE_STATS: E2E_BUNDLE_STATS } });
    // The web server proxies /history to PORTS.indexer, where nothing listens but while
    // history.test.ts runs an indexer: every other file sees the app without history.
    await stack.startWeb({ mode: "preview", webPort: PORTS.web, outDir, env: { INDEXER_PORT: String(PORTS.indexer) } });

    // Which fonts this machine gave Chromium: line widths in Chinese depend on them (support/fonts.ts).
    const browser = await launchChromium(chromium);
    try {
      console.log(await fontReport(browser, `http://127.0.0.1:${PORTS.web}`));
    } finally {
      await browser.close();
    }

    const provided: E2EStack = {
      webUrl: `http://127.0.0.1:${PORTS.web}`,
      nodeUrl: stack.nodeUrl,
      appRpcUrls: stack.appRpcUrls,
      proxyControlUrl: `http://127.0.0.1:${PORTS.control}`,
      addressBook: stack.addressBook,
      indexerPort: PORTS.indexer,
      chromiumPath: chromium,
    };
    project.provide("stack", provided);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
