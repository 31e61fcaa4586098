/**
 * The production build as served (vite preview) carries the security headers of
 * web/build/security-headers.ts, the app works under its Content-Security-Policy (reads through the
 * JSON-RPC proxy, a signed account API call, axe), and another origin cannot frame it.
 */
import { readFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import { describe, expect, inject, it } from "vitest";

import { DEV_ACCOUNT } from "../../scripts/lib/dev-account";
import { DEMO_KEY } from "../../scripts/lib/injected-wallet";
import { E2E_DIST } from "./global-setup";
import { figure, launchBrowser, openApp } from "./support/browser";
import { expectSecurityHeaders, inlineScriptHashes } from "./support/security-headers";

const { webUrl, appRpcUrls } = inject("stack");

/** Collects the page's CSP violations (the `securitypolicyviolation` event), from before its first script. */
const RECORD_VIOLATIONS = `window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => window.__cspViolations.push(event.violatedDirective + " " + event.blockedURI));`;

describe("the served app's security headers", () => {
  it("are on the document: a strict CSP naming every JSON-RPC endpoint of the app (both proxies), no framing, nosniff, no referrer", async () => {
    const response = await fetch(`${webUrl}/`);
    const csp = expectSecurityHeaders(response.headers, appRpcUrls);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(inlineScriptHashes(await response.text())).toEqual([]);
    expect(csp.get("style-src")).not.toContain("'unsafe-inline'");
    // Every response, not only the page.
    expect((await fetch(`${webUrl}/hero.svg`)).headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("are the ones the build wrote for static hosts (_headers) and nginx", async () => {
    const served = (await fetch(`${webUrl}/`)).headers;
    const written = readFileSync(path.join(E2E_DIST, "_headers"), "utf8");
    const nginx = readFileSync(path.join(E2E_DIST, "nginx-security-headers.conf"), "utf8");
    for (const name of ["Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy"]) {
      expect(written).toContain(`\n  ${name}: ${served.get(name)}\n`);
      expect(nginx).toContain(`\nadd_header ${name} "${served.get(name)}" always;\n`);
    }
  });

  it("are not served to visitors with the files the build wrote for the host", async () => {
    for (const file of ["/_headers", "/nginx-security-headers.conf", "/.vite/manifest.json", "/%5Fheaders", "/.vite/manifest.json?x=1"]) {
      const response = await fetch(`${webUrl}${file}`);
      expect(response.status, file).toBe(404);
      expect(await response.text(), file).toBe("");
    }
    // The files are there for the host all the same.
    expect(readFileSync(path.join(E2E_DIST, ".vite", "manifest.json"), "utf8")).toContain("index.html");
  });

  it("keep the /api and /history proxies to their own paths: a dot segment, plain or encoded, gets 404 and never reaches the service", async () => {
    // Sent as written (fetch would resolve the dots before sending). The web server's own 404 has no
    // body; the account API's has one, and nothing listens for /history here (the proxy says 502).
    const reply = (rawPath: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(webUrl);
        request({ host: url.hostname, port: url.port, path: rawPath }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        })
          .on("error", reject)
          .end();
      });
    for (const rawPath of ["/history/../metrics", "/history/%2e%2e/metrics", "/history/%252E%252E/status", "/api/../health", "/api/%2e%2e%5chealth"]) {
      expect(await reply(rawPath), rawPath).toEqual({ status: 404, body: "" });
    }
    // What the proxies send on: the API's own answer, with its body; for /history, the proxy's 502.
    expect((await reply("/api/no-such-route")).body, "the account API answers through the proxy").not.toBe("");
    expect((await reply("/history/status")).status, "the /history proxy is there, and tries the indexer").toBe(502);
  });

  it("let the app work: the home page and a page with reads render, a signed API call goes through, and nothing is refused", async () => {
    const app = await openApp({ key: DEMO_KEY.alice, route: "/" });
    const { page } = app;
    await page.addInitScript(RECORD_VIOLATIONS);
    await page.reload();
    await figure(page, "Lucky reward pool").filter({ hasText: "140 USDT" }).waitFor({ timeout: 30_000 });
    await app.goto("/pages/index/miningX");
    await figure(page, "Lowest hashrate").filter({ hasText: "20" }).waitFor({ timeout: 30_000 });
    await app.goto("/");
    await page.getByRole("link", { name: "Login", exact: true }).click();
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await figure(page, "Account").filter({ hasText: DEV_ACCOUNT.account }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("keep another origin from framing the app", async () => {
    // Another origin on this machine (a server of the test's own, at localhost) frames the app, and
    // beside it a page of a third origin without the headers: that one loads, so framing works here.
    const framer = createServer((request, response) => {
      response.setHeader("content-type", "text/html");
      if (request.url === "/control") response.end(`<!doctype html><p id="control">framed</p>`);
      else response.end(`<!doctype html><iframe name="app" src="${webUrl}/#/"></iframe><iframe name="control" src="http://127.0.0.1:${port()}/control"></iframe>`);
    });
    const port = () => (framer.address() as AddressInfo).port;
    await new Promise<void>((resolve) => framer.listen(0, "127.0.0.1", resolve));
    const context = await (await launchBrowser()).newContext();
    try {
      const page = await context.newPage();
      await page.goto(`http://localhost:${port()}/`);
      const frame = (name: string) => page.frame({ name })!;
      await frame("control").locator("#control").waitFor({ timeout: 10_000 });
      // Give the app's frame the time it takes to paint the shell, were it allowed to.
      await page.waitForTimeout(2_000);
      expect(frame("app").url()).toBe("chrome-error://chromewebdata/");
      expect(await frame("app").locator("#root").count()).toBe(0);
    } finally {
      await context.close();
      framer.close();
    }
  });
});
