/**
 * `npm run bench`: measures the app against its budgets, prints a table, writes bench-results.json,
 * and exits non-zero when a budget is broken.
 *
 * - Bundle: gzip and brotli bytes of the JS and CSS the browser fetches for the home route (signed
 *   out and signed in), of what each page and each other lazy chunk adds, and of the whole app;
 *   budgets: home route <= 160 kB gzip, no page over 60 kB gzip, one copy of ethers.
 * - Requests: JSON-RPC HTTP requests per screen from navigation to 'data shown', counted by a proxy
 *   in front of the local node, in headless Chromium with the injected wallet; budget <= 2. The
 *   same screens again on a build with read batching off, and the ratio.
 * - Gas: every action of the contracts with its budget (scripts/bench/gas-report.ts).
 * - Time: time to 'home data shown' over the first paint of a static page, medians of 5 (a ratio:
 *   these machines are too noisy for absolute times).
 */
import { constants, publicEncrypt } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { Wallet } from "ethers";
import type { FastifyInstance } from "fastify";

import { startApi } from "../../mocks/api/start";
import { launchChromium } from "../lib/chromium";
import { hardhatKey } from "../lib/injected-wallet";
import { RpcProxy } from "../lib/rpc-proxy";
import { ROOT, buildWeb, deploy, ensurePortFree, runHardhat, seed, startNode, startWeb, type Ports, type Service } from "../lib/stack";
import { analyseBundle, sizeOfFiles, type BundleReport, type Size } from "./bundle";
import { homeDownload, measureRequests, measureTime, type ScreenRequests } from "./screens";

const PORTS = { node: 19545, proxy: 19546, api: 19787, web: 19173, webUnbatched: 19174 };
const WORK_DIR = path.join(ROOT, "test-results", "bench");
const RESULTS_FILE = path.join(ROOT, "bench-results.json");
/** Budgets and figures in kB of 1,000 bytes: the stricter reading of "160 kB". */
const KB = 1000;

const BUDGETS = {
  homeInitialGzip: 160 * KB,
  pageGzip: 60 * KB,
  ethersCopies: 1,
  requestsPerScreen: 2,
};

interface Check {
  what: string;
  value: string;
  budget: string;
  ok: boolean;
}

interface GasRow {
  action: string;
  gas: number;
  budget?: string;
  ok: boolean;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  return [line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.map(line)].join("\n");
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

/** Alice registers an account with the API, as the register page does, and gets a session token. */
async function signIn(apiUrl: string): Promise<string> {
  const post = async <T>(route: string, body: object): Promise<T> => {
    const response = await fetch(`${apiUrl}/api${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { key } = (await (await fetch(`${apiUrl}/api/config`)).json()) as { key: string };
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from("bench password")).toString("base64");
  const alice = new Wallet(hardhatKey(1));
  const { nonce, message } = await post<{ nonce: string; message: string }>("/auth/nonce", { wallet: alice.address, purpose: "register" });
  const referrer = new Wallet(hardhatKey(0)).address;
  const session = await post<{ token: string }>("/register", { account: "alice", password, referrer, wallet: alice.address, nonce, signature: await alice.signMessage(message) });
  return session.token;
}

async function build(name: string, ports: Ports, addressBook: string, rpcUrl: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const outDir = path.join(WORK_DIR, name);
  await buildWeb({ ports, addressBook, rpcUrl, outDir, env: { BUNDLE_STATS: path.join(WORK_DIR, `${name}-stats.json`), ...env } });
  // The static page the app's first paint is compared with, served by the same server.
  writeFileSync(path.join(outDir, "bench-empty.html"), '<!doctype html><html><head><meta charset="utf-8"><title>empty</title></head><body><p>empty</p></body></html>\n');
  return outDir;
}

async function main(): Promise<void> {
  const started = Date.now();
  for (const [name, port] of Object.entries(PORTS)) await ensurePortFree(port, `benchmark: ${name}`, "a free port (see scripts/bench/index.ts)");
  rmSync(WORK_DIR, { recursive: true, force: true });
  mkdirSync(WORK_DIR, { recursive: true });

  console.log("Gas…");
  const gas = await gasRows();

  const services: Service[] = [];
  let api: FastifyInstance | undefined;
  const proxy = new RpcProxy(`http://127.0.0.1:${PORTS.node}`, PORTS.proxy);
  const dataDir = path.join(os.tmpdir(), `bench-api-${process.pid}`);
  try {
    console.log("Local chain, deploy, seed, API…");
    const nodeUrl = `http://127.0.0.1:${PORTS.node}`;
    services.push(await startNode(PORTS.node));
    await proxy.up();
    const addressBook = await deploy(nodeUrl, "bench");
    await seed(nodeUrl, "bench");
    api = await startApi({ port: PORTS.api, host: "127.0.0.1", dataDir, rpcUrl: nodeUrl, addressBook, logLevel: "warn" });

    console.log("Builds (read batching on, then off)…");
    const batchedPorts = { node: PORTS.proxy, api: PORTS.api, web: PORTS.web };
    const unbatchedPorts = { ...batchedPorts, web: PORTS.webUnbatched };
    const batchedDir = await build("batched", batchedPorts, addressBook, proxy.url);
    const unbatchedDir = await build("unbatched", unbatchedPorts, addressBook, proxy.url, { READ_BATCHING: "off" });
    const bundle: BundleReport = analyseBundle(batchedDir, path.join(WORK_DIR, "batched-stats.json"));

    services.push(await startWeb({ mode: "preview", ports: batchedPorts, addressBook, rpcUrl: proxy.url, outDir: batchedDir }));
    services.push(await startWeb({ mode: "preview", ports: unbatchedPorts, addressBook, rpcUrl: proxy.url, outDir: unbatchedDir }));

    console.log("Screens in Chromium…");
    const webUrl = `http://127.0.0.1:${PORTS.web}`;
    const token = await signIn(`http://127.0.0.1:${PORTS.api}`);
    const browser = await launchChromium();
    try {
      const home = {
        signedOut: sizeOfFiles(batchedDir, await homeDownload(browser, webUrl, nodeUrl)),
        signedIn: sizeOfFiles(batchedDir, await homeDownload(browser, webUrl, nodeUrl, token)),
      };
      const batched = await measureRequests(browser, webUrl, nodeUrl, proxy);
      const unbatched = await measureRequests(browser, `http://127.0.0.1:${PORTS.webUnbatched}`, nodeUrl, proxy);
      const time = await measureTime(browser, webUrl, nodeUrl);
      report({ bundle, home, batched, unbatched, gas, time, seconds: Math.round((Date.now() - started) / 1000) });
    } finally {
      await browser.close();
    }
  } finally {
    await Promise.all([...services.map((service) => service.stop()), api?.close(), proxy.down()]);
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
  time: Awaited<ReturnType<typeof measureTime>>;
  seconds: number;
}): void {
  const { bundle, home, batched, unbatched, gas, time } = results;
  const biggestPage = bundle.pages.reduce((max, page) => (page.gzip > max.gzip ? page : max), bundle.pages[0]);
  const mostRequests = batched.reduce((max, screen) => (screen.httpRequests > max.httpRequests ? screen : max), batched[0]);
  const sum = (screens: ScreenRequests[], key: "httpRequests" | "calls") => screens.reduce((total, screen) => total + screen[key], 0);
  const checks: Check[] = [
    ...(["signedOut", "signedIn"] as const).map((state) => ({
      what: `home route's initial JS+CSS, ${state === "signedIn" ? "signed in" : "signed out"} (gzip)`,
      value: kb(home[state].gzip),
      budget: `<= ${kb(BUDGETS.homeInitialGzip)}`,
      ok: home[state].gzip <= BUDGETS.homeInitialGzip,
    })),
    { what: `largest page chunk (gzip): ${biggestPage.page}`, value: kb(biggestPage.gzip), budget: `<= ${kb(BUDGETS.pageGzip)}`, ok: biggestPage.gzip <= BUDGETS.pageGzip },
    { what: "copies of ethers", value: `${bundle.ethersCopies.length} (${bundle.ethersCopies.join(", ")})`, budget: `= ${BUDGETS.ethersCopies}`, ok: bundle.ethersCopies.length === BUDGETS.ethersCopies },
    {
      what: `JSON-RPC HTTP requests per screen (most: ${mostRequests.route})`,
      value: String(mostRequests.httpRequests),
      budget: `<= ${BUDGETS.requestsPerScreen}`,
      ok: batched.every((screen) => screen.httpRequests <= BUDGETS.requestsPerScreen),
    },
    ...gas.filter((row) => row.budget).map((row) => ({ what: `gas: ${row.action}`, value: row.gas.toLocaleString("en-US"), budget: row.budget!, ok: row.ok })),
  ];

  console.log("\nBundle (production build for the local chain)\n");
  console.log(
    table(
      ["what", "gzip", "brotli", "files"],
      [
        ["home route, signed out (fetched by the browser)", kb(home.signedOut.gzip), kb(home.signedOut.brotli), String(home.signedOut.files)],
        ["home route, signed in (fetched by the browser)", kb(home.signedIn.gzip), kb(home.signedIn.brotli), String(home.signedIn.files)],
        ["entry + home page + English messages (manifest)", kb(bundle.homeStatic.gzip), kb(bundle.homeStatic.brotli), String(bundle.homeStatic.files)],
        ...bundle.pages.map((page) => [`+ page: ${page.page}`, kb(page.gzip), kb(page.brotli), String(page.files)]),
        ...bundle.otherLazy.map((chunk) => [`+ lazy: ${chunk.chunk}`, kb(chunk.gzip), kb(chunk.brotli), String(chunk.files)]),
        ["whole app", kb(bundle.whole.gzip), kb(bundle.whole.brotli), String(bundle.whole.files)],
      ],
    ),
  );
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
  console.log("\nGas (scripts/bench/gas-report.ts: Hardhat network, optimizer 100,000 runs)\n");
  console.log(table(["action", "gas", "budget", ""], gas.map((row) => [row.action, row.gas.toLocaleString("en-US"), row.budget ?? "", row.budget ? (row.ok ? "ok" : "OVER") : ""])));
  console.log("\nBudgets\n");
  console.log(table(["what", "value", "budget", ""], checks.map((check) => [check.what, check.value, check.budget, check.ok ? "ok" : "OVER"])));

  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), seconds: results.seconds, budgets: BUDGETS, checks, home, bundle, requests: { batched, unbatched, ratio }, gas, time }, null, 2)}\n`,
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
