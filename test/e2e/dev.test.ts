/**
 * `npm run dev` itself: it brings up a stack that a browser with an injected wallet can use, says
 * how to use it, refuses ports in use in one clear sentence, carries a redeploy to the open app
 * and to the history it shows, stops everything on Ctrl-C (also halfway through starting), and starts again.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { DEMO_KEY } from "../../scripts/lib/injected-wallet";
import { ROOT, bin, deploy, ensurePortFree, startService, waitUntil, type Service } from "../../scripts/lib/stack";
import { DEV_ACCOUNT } from "../../scripts/lib/dev-account";
import { accountChip, figure, openApp } from "./support/browser";
import { expectSecurityHeaders, inlineScriptHashes } from "./support/security-headers";
import { portOffset } from "./support/ports";

const OFFSET = portOffset();
const PORTS = { NODE_PORT: `${28545 + OFFSET}`, API_PORT: `${28787 + OFFSET}`, WEB_PORT: `${25173 + OFFSET}`, INDEXER_PORT: `${28069 + OFFSET}` };
const ENV = { ...PORTS, DEPLOYMENT_NAME: "e2e-dev" };
const WEB_URL = `http://127.0.0.1:${PORTS.WEB_PORT}`;
const NODE_URL = `http://127.0.0.1:${PORTS.NODE_PORT}`;
const READY = "The app is running.";

const running: Service[] = [];
function startDev(): Service {
  const dev = startService("npm run dev", bin("ts-node"), ["--transpile-only", "scripts/dev.ts"], ENV);
  running.push(dev);
  return dev;
}
const ready = (dev: Service) => waitUntil("npm run dev to be ready", async () => dev.output.includes(READY), dev, 240_000);

/** Ctrl-C, as a terminal sends it (to the whole process group). */
async function interrupt(dev: Service): Promise<number | null> {
  expect(dev.kill("SIGINT")).toBe(true);
  return dev.wait();
}

afterAll(async () => {
  await Promise.all(running.map((dev) => dev.stop()));
});

describe("npm run dev", () => {
  it("runs the whole app, refuses a port in use, carries a redeploy to the open app and its history, stops on Ctrl-C and runs again", { timeout: 420_000 }, async () => {
    const dev = startDev();
    await ready(dev);
    const printed = dev.output.join("\n");
    for (const line of [`App          ${WEB_URL}/`, "chain id 56 (0x38)", `RPC          ${NODE_URL}`, 'choose "Dev wallet"', "Add a network manually", "Chain ID      56", "Ctrl-C stops everything."]) {
      expect(printed).toContain(line);
    }

    const second = startDev();
    expect(await second.wait()).toBe(1);
    expect(second.output).toEqual([`Port ${PORTS.NODE_PORT} (the local chain) is in use. Stop what listens there, or set NODE_PORT to another port.`]);

    // The app, its node and its account API (through the web server's /api) work for a wallet.
    const app = await openApp({ key: DEMO_KEY.alice, webUrl: WEB_URL, nodeUrl: NODE_URL });
    await figure(app.page, "Lucky reward pool").filter({ hasText: "140 USDT" }).waitFor({ timeout: 30_000 });
    await accountChip(app.page).waitFor();
    const config = await fetch(`${WEB_URL}/api/config`);
    expect(config.status).toBe(200);
    expect(((await config.json()) as { key: string }).key).toContain("BEGIN PUBLIC KEY");
    // The dev wallet's account exists from the start: Login works at once, as docs/operations.md §1 says.
    await app.page.getByRole("link", { name: "Login", exact: true }).click();
    await app.page.getByRole("button", { name: "Login", exact: true }).click();
    await figure(app.page, "Account").filter({ hasText: DEV_ACCOUNT.account }).waitFor({ timeout: 30_000 });

    // The dev server sends the security headers, its one inline script (React Refresh) allowed by
    // hash, and does not serve the account API's data directory (the database, the RSA key).
    const page = await fetch(`${WEB_URL}/`);
    const csp = expectSecurityHeaders(page.headers, [NODE_URL]);
    const inline = inlineScriptHashes(await page.text());
    // The preamble is there (else the loop below would check nothing), and each inline script is allowed.
    expect(inline.length).toBeGreaterThan(0);
    for (const hash of inline) expect(csp.get("script-src")).toContain(`'${hash}'`);
    expect(csp.get("connect-src")).toContain(`ws://127.0.0.1:${PORTS.WEB_PORT}`);
    // One of the embedded database's files (PGlite, docs/decisions/account-storage.md).
    const database = path.join(ROOT, ".data", ENV.DEPLOYMENT_NAME, "api", "accounts-pglite", "PG_VERSION");
    for (const file of [database, path.join(ROOT, ".data", ENV.DEPLOYMENT_NAME, "api", "rsa-private.pem")]) {
      expect(existsSync(file)).toBe(true);
      const served = await fetch(`${WEB_URL}/@fs${file}`);
      expect([served.status, file]).toEqual([403, file]);
    }

    // History is served at the app's origin: the seeded contracts' events.
    const historyEvents = async () => {
      const reply = await fetch(`${WEB_URL}/history/events?limit=100`);
      return reply.ok ? ((await reply.json()) as { items: { blockNumber: string }[] }).items : undefined;
    };
    expect((await historyEvents())?.length).toBeGreaterThan(0);

    // A redeploy (without the seed): the open page reloads onto the new, empty contracts.
    const addressBook = await deploy(NODE_URL, ENV.DEPLOYMENT_NAME);
    await figure(app.page, "Lucky reward pool").filter({ hasText: /^0 USDT$/ }).waitFor({ timeout: 30_000 });
    // And history follows: the indexer restarts on the new contracts, whose events (their roles
    // granted at deploy) are all it shows, none of the old ones.
    const { startBlock } = JSON.parse(readFileSync(addressBook, "utf8")) as { startBlock: number };
    await waitUntil(
      "history to show the new contracts' events only",
      async () => {
        const items = await historyEvents();
        return items !== undefined && items.length > 0 && items.every((item) => Number(item.blockNumber) >= startBlock);
      },
      dev,
      120_000,
    );
    await app.context.close();

    expect(await interrupt(dev)).toBe(0);
    for (const [variable, port] of Object.entries(PORTS)) await ensurePortFree(Number(port), `${variable}, after Ctrl-C`);

    const again = startDev();
    await ready(again);
    expect(await interrupt(again)).toBe(0);

    // Ctrl-C halfway through starting (the node up, the deploy running) stops what had started.
    const halfway = startDev();
    await waitUntil("the deploy to start", async () => halfway.output.includes("Deploying…"), halfway);
    expect(await interrupt(halfway)).toBe(0);
    for (const [variable, port] of Object.entries(PORTS)) await ensurePortFree(Number(port), `${variable}, after Ctrl-C during start-up`);
  });
});
