/**
 * `npm run bench`: measures the app against its budgets, prints a table, writes bench-results.json,
 * and exits non-zero when a budget is broken.
 *
 * Budgets are defined once, in budgets.ts; the browser suite (`npm test`) checks the bundle's and
 * the requests' too, with the same code (test/e2e/budgets.test.ts).
 *
 * - Bundle: gzip and brotli bytes of the JS and CSS the browser fetches for the home route (signed
 *   out and signed in), of what each page and each other lazy chunk adds, and of the whole app;
 *   budgets: home route <= 150 kB gzip, no page over 60 kB gzip, one copy of ethers.
 * - Requests: JSON-RPC HTTP requests per screen from navigation to 'data shown', counted by a proxy
 *   in front of the local node, in headless Chromium with the injected wallet; budget <= 2. The
 *   same screens again on a build with read batching off, and the ratio.
 * - Gas: every action of the contracts with its budget (scripts/bench/gas-report.ts).
 * - Time: time to 'home data shown' over the first paint of a static page, medians of 5 (a ratio:
 *   these machines are too noisy for absolute times).
 * - Account API, on PGlite and on a PostgreSQL server (scripts/bench/account-api.ts): nonce
 *   issuance at 0 and at 100,000 outstanding nonces, in process (budget: at most 1.5x on each), and
 *   sign-ins per second over HTTP.
 * - Lighthouse (mobile, simulated slow 4G and CPU, so its figures barely drift): the home route's
 *   first and largest contentful paint, performance score and layout shift, medians of 3; budgets:
 *   FCP <= 1.0 s, LCP <= 1.5 s, performance >= 99, CLS <= 0.02.
 * - Install (scripts/bench/install.ts): `npm ci` in a new folder with an empty npm cache: its time,
 *   and budgets of nothing compiled from source and no EBADENGINE warning.
 * - Indexer (scripts/bench/indexer.ts): indexing rate over 10,000 events, lag behind the head,
 *   requests to the node, a history query's p95 at 100,000 rows.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { launchChromium } from "../lib/chromium";
import { ROOT, ensurePortFree, runHardhat, startStack, type Stack } from "../lib/stack";
import { BUDGETS as APP_BUDGETS, bundleChecks, bundleTable, checksTable, kb, requestChecks, table, type Check } from "./budgets";
import { analyseBundle, sizeOfFiles, type BundleReport, type Size } from "./bundle";
import { lighthouse, type LighthouseReport } from "./lighthouse";
import { indexerChecks, measureIndexer, type IndexerReport } from "./indexer";
import { freePort } from "../lib/free-port";
import { createDatabase, startPostgres } from "../lib/postgres";
import { measureAccountApi, type AccountApiReport } from "./account-api";
import { measureInstall, type InstallReport } from "./install";
import { NONCE_BUDGET_RATIO } from "./nonces";
import { homeDownload, localEndpoints, measureRequests, measureTime, signInAlice, type ScreenRequests, type TimeReport } from "./screens";

const PORTS = { node: 19545, proxy: 19546, secondProxy: 19547, api: 19787, web: 19173, webUnbatched: 19174 };
const WORK_DIR = path.join(ROOT, "test-results", "bench");
const RESULTS_FILE = path.join(ROOT, "bench-results.json");
const BUDGETS = { ...APP_BUDGETS, nonceIssuanceRatio: NONCE_BUDGET_RATIO };

interface GasRow {
  action: string;
  gas: number;
  budget?: string;
  ok: boolean;
}

/** Every gas row; a broken gas budget makes gas.ts exit 1 after writing them, and is reported below. */
async function gasRows(): Promise<GasRow[]> {
  const file = path.join(WORK_DIR, "gas.json");
  try {
    await runHardhat(["run", "scripts/bench/gas.ts"], { GAS_JSON: file });
  } catch (error) {
    if (!existsSync(file)) throw error;
  }
  return JSON.parse(readFileSync(file, "utf8")) as GasRow[];
}

/** A production build into WORK_DIR/`name`, with the static page the app's first paint is compared with. */
async function build(stack: Stack, name: string, webPort: number, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const outDir = path.join(WORK_DIR, name);
  await stack.buildWeb({ webPort, outDir, env: { BUNDLE_STATS: path.join(WORK_DIR, `${name}-stats.json`), ...env } });
  writeFileSync(path.join(outDir, "bench-empty.html"), '<!doctype html><html><head><meta charset="utf-8"><title>empty</title></head><body><p>empty</p></body></html>\n');
  return outDir;
}

/** `measure` with a private PostgreSQL server (scripts/lib/postgres.ts), each call of `freshDatabase` a new database on it. */
async function onPostgres<T>(measure: (freshDatabase: () => Promise<string>) => Promise<T>): Promise<T> {
  const server = await startPostgres(await freePort());
  try {
    let count = 0;
    return await measure(() => createDatabase(server.url, `bench_${++count}`));
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  for (const [name, port] of Object.entries(PORTS)) await ensurePortFree(port, `benchmark: ${name}`, "change PORTS in scripts/bench/index.ts");
  rmSync(WORK_DIR, { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });

  console.log("A clean install (npm ci, empty cache)…");
  const install = await measureInstall();
  console.log("Account API on PGlite, then on PostgreSQL…");
  const accountApi = [await measureAccountApi({ name: "pglite" }), await onPostgres((freshDatabase) => measureAccountApi({ name: "postgres", freshDatabase }))];
  console.log("Gas…");
  const gas = await gasRows();
  const indexer = await measureIndexer();

  let stack: Stack | undefined;
  const dataDir = path.join(os.tmpdir(), `bench-api-${process.pid}`);
  try {
    console.log("Local chain, deploy, seed, API…");
    stack = await startStack({
      deploymentName: "bench",
      nodePort: PORTS.node,
      apiPort: PORTS.api,
      webPort: PORTS.web,
      // Two endpoints, as a mainnet build has several: requests are counted at both.
      proxyPorts: [PORTS.proxy, PORTS.secondProxy],
      apiDataDir: dataDir,
      apiLogFile: path.join(WORK_DIR, "api.log"),
    });
    const { proxies } = stack;

    console.log("Builds (read batching on, then off)…");
    const batchedDir = await build(stack, "batched", PORTS.web);
    const unbatchedDir = await build(stack, "unbatched", PORTS.webUnbatched, { READ_BATCHING: "off" });
    const bundle: BundleReport = analyseBundle(batchedDir, path.join(WORK_DIR, "batched-stats.json"));

    await stack.startWeb({ mode: "preview", webPort: PORTS.web, outDir: batchedDir });
    await stack.startWeb({ mode: "preview", webPort: PORTS.webUnbatched, outDir: unbatchedDir });

    console.log("Screens in Chromium…");
    const webUrl = `http://127.0.0.1:${PORTS.web}`;
    const { nodeUrl } = stack;
    const token = await signInAlice(stack.apiUrl);
    const browser = await launchChromium();
    try {
      const home = {
        signedOut: sizeOfFiles(batchedDir, await homeDownload(browser, webUrl, nodeUrl)),
        signedIn: sizeOfFiles(batchedDir, await homeDownload(browser, webUrl, nodeUrl, token)),
      };
      const batched = await measureRequests(browser, webUrl, nodeUrl, localEndpoints(proxies));
      const unbatched = await measureRequests(browser, `http://127.0.0.1:${PORTS.webUnbatched}`, nodeUrl, localEndpoints(proxies));
      const time = await measureTime(browser, webUrl, nodeUrl);
      console.log("Lighthouse (mobile, then desktop, home route)…");
      const lighthouseHome = await lighthouse(`${webUrl}/#/`, WORK_DIR);
      const lighthouseDesktop = await lighthouse(`${webUrl}/#/`, WORK_DIR, 3, "desktop");
      report({ bundle, home, batched, unbatched, gas, accountApi, install, indexer, time, lighthouse: lighthouseHome, lighthouseDesktop, seconds: Math.round((Date.now() - started) / 1000) });
    } finally {
      await browser.close();
    }
  } finally {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(results: {
  bundle: BundleReport;
  /** What the browser fetched for the home route (JS and CSS), signed out and signed in. */
  home: { signedOut: Size; signedIn: Size };
  batched: ScreenRequests[];
  unbatched: ScreenRequests[];
  gas: GasRow[];
  accountApi: AccountApiReport[];
  install: InstallReport;
  indexer: IndexerReport;
  time: TimeReport;
  lighthouse: LighthouseReport;
  lighthouseDesktop: LighthouseReport;
  seconds: number;
}): void {
  const { bundle, home, batched, unbatched, gas, accountApi, install, indexer, time, lighthouse: lh, lighthouseDesktop: desktop } = results;
  const sum = (screens: ScreenRequests[], key: "httpRequests" | "calls") => screens.reduce((total, screen) => total + screen[key], 0);
  const checks: Check[] = [
    ...bundleChecks(home, bundle),
    ...requestChecks(batched),
    ...indexerChecks(indexer),
    { what: "Lighthouse mobile, home: first contentful paint", value: `${(lh.fcpMs / 1000).toFixed(2)} s`, budget: `<= ${BUDGETS.lighthouseFcpMs / 1000} s`, ok: lh.fcpMs <= BUDGETS.lighthouseFcpMs },
    { what: "Lighthouse mobile, home: largest contentful paint", value: `${(lh.lcpMs / 1000).toFixed(2)} s`, budget: `<= ${BUDGETS.lighthouseLcpMs / 1000} s`, ok: lh.lcpMs <= BUDGETS.lighthouseLcpMs },
    { what: "Lighthouse mobile, home: total blocking time", value: `${lh.tbtMs.toFixed(0)} ms`, budget: `<= ${BUDGETS.lighthouseTbtMs} ms`, ok: lh.tbtMs <= BUDGETS.lighthouseTbtMs },
    { what: "Lighthouse mobile, home: performance", value: String(lh.performance), budget: `>= ${BUDGETS.lighthousePerformance}`, ok: lh.performance >= BUDGETS.lighthousePerformance },
    { what: "Lighthouse mobile, home: cumulative layout shift", value: lh.cls.toFixed(3), budget: `<= ${BUDGETS.lighthouseCls}`, ok: lh.cls <= BUDGETS.lighthouseCls },
    { what: "Lighthouse desktop, home: performance", value: String(desktop.performance), budget: `>= ${BUDGETS.lighthousePerformance}`, ok: desktop.performance >= BUDGETS.lighthousePerformance },
    { what: "Lighthouse desktop, home: cumulative layout shift", value: desktop.cls.toFixed(3), budget: `<= ${BUDGETS.lighthouseCls}`, ok: desktop.cls <= BUDGETS.lighthouseCls },
    ...accountApi.map(({ nonces }) => ({
      what: `account API (${nonces.engine}): nonce issuance at ${nonces.outstanding.toLocaleString("en-US")} outstanding over empty`,
      value: `${nonces.ratio.toFixed(2)}x`,
      budget: `<= ${BUDGETS.nonceIssuanceRatio}x`,
      ok: nonces.ratio <= BUDGETS.nonceIssuanceRatio,
    })),
    { what: "clean install (npm ci): packages compiled from source", value: String(install.compiled.length), budget: "0", ok: install.compiled.length === 0 },
    { what: `clean install (npm ci): EBADENGINE warnings on Node ${install.node}`, value: String(install.badEngine.length), budget: "0", ok: install.badEngine.length === 0 },
    ...gas.filter((row) => row.budget).map((row) => ({ what: `gas: ${row.action}`, value: row.gas.toLocaleString("en-US"), budget: row.budget!, ok: row.ok })),
  ];

  console.log("\nBundle (production build for the local chain)\n");
  console.log(bundleTable(home, bundle));
  console.log("\nJSON-RPC per screen, navigation to data shown (HTTP requests / calls)\n");
  console.log(
    table(
      ["screen", "batched", "batching off"],
      batched.map((screen, index) => [screen.route, `${screen.httpRequests} / ${screen.calls}`, `${unbatched[index].httpRequests} / ${unbatched[index].calls}`]),
    ),
  );
  const ratio = sum(unbatched, "httpRequests") / Math.max(1, sum(batched, "httpRequests"));
  console.log(`\nAll screens: ${sum(batched, "httpRequests")} HTTP requests batched, ${sum(unbatched, "httpRequests")} with batching off (${ratio.toFixed(1)}x).`);
  console.log(
    `\nTime: home data shown ${time.medianHomeMs.toFixed(0)} ms, static page first paint ${time.medianStaticMs.toFixed(0)} ms (medians of ${time.homeDataShownMs.length}): ratio ${time.ratio.toFixed(1)}`,
  );
  console.log(
    `\nLighthouse, home route (mobile, simulated slow 4G, medians of ${lh.runs.length}): performance ${lh.performance}, FCP ${lh.fcpMs.toFixed(0)} ms, LCP ${lh.lcpMs.toFixed(0)} ms, TBT ${lh.tbtMs.toFixed(0)} ms, CLS ${lh.cls.toFixed(3)}, Speed Index ${lh.speedIndexMs.toFixed(0)} ms, unused JS ${kb(lh.unusedJsBytes)}`,
  );
  console.log(
    `Lighthouse, home route (desktop preset, medians of ${desktop.runs.length}): performance ${desktop.performance}, FCP ${desktop.fcpMs.toFixed(0)} ms, LCP ${desktop.lcpMs.toFixed(0)} ms, TBT ${desktop.tbtMs.toFixed(0)} ms, CLS ${desktop.cls.toFixed(3)}, Speed Index ${desktop.speedIndexMs.toFixed(0)} ms`,
  );
  console.log(`\nClean install: npm ci with an empty cache in ${install.seconds.toFixed(0)} s on Node ${install.node}${install.compiled.length ? `; compiled: ${install.compiled.join(" | ")}` : ", nothing compiled"}`);
  for (const { nonces, signInsPerSecond } of accountApi) {
    console.log(
      `\nAccount API on ${nonces.engine}: ${signInsPerSecond.toFixed(1)} sign-ins per second over HTTP; nonce issuance (in process) ${nonces.emptyMs.toFixed(3)} ms on an empty table, ${nonces.fullMs.toFixed(3)} ms at ${nonces.outstanding.toLocaleString("en-US")} outstanding (${nonces.ratio.toFixed(2)}x)`,
    );
  }
  console.log(
    `\nIndexer (PostgreSQL): ${indexer.events.toLocaleString("en-US")} events backfilled in ${indexer.backfillSeconds.toFixed(1)} s (${indexer.eventsPerSecond.toFixed(0)}/s, ${indexer.backfillCalls} calls to the node); live over ${indexer.liveBlocks} blocks: lag max ${indexer.lagMaxBlocks}, p95 ${indexer.lagP95Blocks} blocks, ${indexer.liveCallsPerSecond.toFixed(1)} calls/s; queries at ${indexer.queryRows.toLocaleString("en-US")} rows: median ${indexer.queryMedianMs.toFixed(1)} ms, p95 ${indexer.queryP95Ms.toFixed(1)} ms`,
  );
  console.log("\nGas (scripts/bench/gas-report.ts: Hardhat network, optimizer 100,000 runs)\n");
  console.log(table(["action", "gas", "budget", ""], gas.map((row) => [row.action, row.gas.toLocaleString("en-US"), row.budget ?? "", row.budget ? (row.ok ? "ok" : "OVER") : ""])));
  console.log("\nBudgets\n");
  console.log(checksTable(checks));

  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), seconds: results.seconds, budgets: BUDGETS, checks, home, bundle, requests: { batched, unbatched, ratio }, gas, accountApi, install, indexer, time, lighthouse: lh, lighthouseDesktop: desktop }, null, 2)}\n`,
  );
  const broken = checks.filter((check) => !check.ok);
  console.log(`\n${checks.length - broken.length} of ${checks.length} budgets met; results in ${path.relative(ROOT, RESULTS_FILE)} (${results.seconds} s).`);
  if (broken.length > 0) {
    console.error(`Broken: ${broken.map((check) => check.what).join("; ")}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
