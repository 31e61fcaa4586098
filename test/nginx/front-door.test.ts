/**
 * The front door as it runs (docs/operations.md §3): Debian's nginx with docs/nginx/app.conf, its
 * site lines (addresses, certificate, the build's folder) replaced and nothing else, serving a
 * build and proxying to two stand-in indexer readers and a stand-in account API
 * (support/upstream.ts), which record every request they receive, byte for byte. nginx limits
 * per client address, so each test is a client of its own (127.0.0.x: support/client.ts). The
 * limits and timeouts checked are the figures the file holds, read from it (`limitsOf`).
 *
 * Plain HTTP: the certificate lines are dropped (TLS is not what is tested). Without nginx
 * (/usr/sbin/nginx, or NGINX_BIN) every test fails: none skips.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { HOST_ONLY_PATHS } from "../../web/build/security-headers";
import { PAGE, SCRIPT, writeBuild } from "./support/build";
import { open, send, type Reply } from "./support/client";
import { CONFIG_FILE, limitsOf, startNginx, withSite, type Nginx } from "./support/nginx";
import { startStandIn, type Received, type StandIn } from "./support/upstream";

const CONFIG = readFileSync(CONFIG_FILE, "utf8");
const HISTORY = limitsOf(CONFIG, "/history/");
const API = limitsOf(CONFIG, "/api/");
/** The refusal of a path that could leave its prefix, as the file has it. */
const REFUSAL = "  if ($unsafe_path) {\n    return 400;\n  }\n";

/** What every stand-in received, in order. */
const received: Received[] = [];
let readers: StandIn[] = [];
let accountApi: StandIn;
let nginx: Nginx;
let buildDir: string;
let buildHeaders: Record<string, string>;

let lastClient = 1;
/** A client address of its own: nginx's limits count per address. */
const client = () => `127.0.0.${++lastClient}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(done: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await sleep(10);
  }
}
/** What the stand-ins receive while `act` runs. */
async function receivedDuring(act: () => Promise<void>): Promise<Received[]> {
  const mark = received.length;
  await act();
  return received.slice(mark);
}
/** nginx's error log lines about `address`. */
const logOf = (server: Nginx, address: string) =>
  server
    .errorLog()
    .split("\n")
    .filter((line) => line.includes(`client: ${address},`));

function expectBuildHeaders(reply: Reply, what: string): void {
  for (const [name, value] of Object.entries(buildHeaders)) expect(reply.headers.get(name.toLowerCase()), `${name} on ${what}`).toEqual([value]);
}

/** The documented file with the test's addresses and build in place of the deployment's. */
const site = (port: number, dist: string) => (config: string) =>
  withSite(config, {
    listen: [`listen 127.0.0.1:${port};`],
    name: ["server_name app.example;"],
    certificate: [null],
    "certificate key": [null],
    build: [`root ${dist};`],
    headers: [`include ${dist}/nginx-security-headers.conf;`],
    reader: readers.map((reader) => `server 127.0.0.1:${reader.port};`),
    // One stand-in plays the API's instances: the second line is dropped.
    "account API": [`server 127.0.0.1:${accountApi.port};`, null],
  });

beforeAll(async () => {
  buildDir = mkdtempSync(path.join(os.tmpdir(), "nginx-test-build-"));
  chmodSync(buildDir, 0o755);
  buildHeaders = writeBuild(buildDir);
  readers = [await startStandIn("reader 1", received), await startStandIn("reader 2", received)];
  accountApi = await startStandIn("account API", received);
  nginx = await startNginx((port) => site(port, buildDir)(CONFIG));
});

afterAll(async () => {
  await nginx?.stop();
  await Promise.all([...readers, accountApi].filter(Boolean).map((standIn) => standIn.stop()));
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

describe("nginx with docs/nginx/app.conf", () => {
  it("serves the build with its security headers, and not the files the build wrote for the host", async () => {
    const from = client();
    const page = await send(nginx.port, "/", { from });
    expect(page.status).toBe(200);
    expect(page.body).toBe(PAGE);
    expectBuildHeaders(page, "the page");
    const script = await send(nginx.port, "/assets/index-test.js", { from });
    expect(script.status).toBe(200);
    expect(script.body).toBe(SCRIPT);
    expect(script.headers.get("content-type")).toEqual(["application/javascript"]);
    expectBuildHeaders(script, "a script");
    const missing = await send(nginx.port, "/assets/missing.js", { from });
    expect(missing.status).toBe(404);
    expectBuildHeaders(missing, "a 404");

    // HOST_ONLY_PATHS, however written (as web/build/security-headers.test.ts writes them for vite preview).
    const hostOnly = ["/_headers", "/_headers?x=1", "//_headers", "/_headers/", "/_headers//", "/%5Fheaders", "/nginx-security-headers.conf", "/nginx-security-headers.conf/", "/.vite/", "/.vite", "/.vite/manifest.json", "/.vite//manifest.json", "/.vite/manifest.json?x=1"];
    for (const hostPath of HOST_ONLY_PATHS) expect(hostOnly).toContain(hostPath);
    for (const target of hostOnly) {
      const reply = await send(nginx.port, target, { from });
      expect(reply.status, target).toBe(404);
      expect(reply.body, target).not.toMatch(/add_header|Content-Security-Policy|index-test/);
      expectBuildHeaders(reply, target);
    }
    // Through a dot segment: refused before any location (below).
    for (const target of ["/assets/../_headers", "/%2Evite/manifest.json", "/assets/..%2Fnginx-security-headers.conf"]) {
      expect((await send(nginx.port, target, { from })).status, target).toBe(400);
    }
    expect(existsSync(path.join(buildDir, "_headers")) && existsSync(path.join(buildDir, ".vite", "manifest.json"))).toBe(true);
  });

  it("passes /history/ and /api/ requests on with the path as sent, Origin and Sec-Fetch-Site unchanged, and the client's address", async () => {
    const from = client();
    const account = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";
    const targets = [
      "/history/events",
      "/history/events?limit=50",
      `/history/accounts/${account}/orders?limit=100`,
      `/history/accounts/${account}/activity?cursor=50000000%3A12&limit=20`,
      "/history/orders/7/fills",
      "/history/governance/operations",
      // Dots that are not segments, and a query (not a path: nothing there moves a route).
      "/history/a..b/.hidden/c.",
      "/history/events?note=..%2F..%5Cmetrics&x=../..",
      "/api/config",
      "/api/account",
    ];
    for (const target of targets) {
      const arrived = await receivedDuring(async () => {
        const reply = await send(nginx.port, target, { from });
        expect(reply.status, target).toBe(200);
        expectBuildHeaders(reply, target);
      });
      expect(arrived.map((request) => request.target)).toEqual([target]);
      expect(arrived[0]?.upstream, target).toMatch(target.startsWith("/api/") ? /^account API$/ : /^reader [12]$/);
    }

    const body = JSON.stringify({ account: "alice", password: "alice-dev-1" });
    const [login] = await receivedDuring(async () => {
      const reply = await send(nginx.port, "/api/login", {
        from,
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://app.example", "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": "203.0.113.9" },
        body,
      });
      expect(reply.status).toBe(200);
    });
    expect(login).toMatchObject({ upstream: "account API", method: "POST", target: "/api/login", body });
    expect(login?.headers).toMatchObject({ host: "app.example", origin: "https://app.example", "sec-fetch-site": "same-origin", "x-forwarded-for": from });
  });

  it("refuses with 400, before anything is proxied or served, a path with a backslash or a dot segment in any form", async () => {
    const from = client();
    const refused = [
      // As measured from outside: these reached the indexer's own routes.
      "/history/..\\metrics",
      "/history/..\\status",
      "/history/..\\ready",
      "/history/..\\health",
      // A backslash, plain or encoded once or more, in any case.
      "/history/events\\",
      "/history/a\\b",
      "/history/..%5Cmetrics",
      "/history/..%5cmetrics",
      "/history/%5c..%5cmetrics",
      "/history/..%255Cmetrics",
      "/history/..%255cmetrics",
      "/history/..%25255cmetrics",
      "/api/..\\config",
      // Dot segments, plain.
      "/history/../metrics",
      "/history/./events",
      "/history/events/..",
      "/history/events/.",
      "/history/events/..?limit=1",
      "/history/x/../../metrics",
      "/history/../../metrics",
      "/api/../history/events",
      "/api/./config",
      "/../etc/passwd",
      // Dots encoded, once or more, in any case.
      "/history/%2e%2e/metrics",
      "/history/%2E%2E/metrics",
      "/history/.%2e/metrics",
      "/history/%2E./metrics",
      "/history/%2e/events",
      "/history/events/%2e%2e",
      "/history/%252e%252e/metrics",
      "/history/%252E%252E/metrics",
      "/history/.%252e/metrics",
      "/history/%25252e%25252e/metrics",
      "/history/x%2ejson",
      "/api/%2e%2e/history/events",
      // Around an encoded slash.
      "/history/..%2fmetrics",
      "/history/..%2Fmetrics",
      "/history/x%2f..%2fmetrics",
      "/history/..%252fmetrics",
      "/history/%2e%2e%2fmetrics",
      // Mixed, and in a request's absolute form.
      "/history/%2e%2e\\metrics",
      "/history/.%2e%5cmetrics",
      "http://app.example/history/..\\metrics",
      "http://app.example/history/%2e%2e/metrics",
      // After a '#', which a browser never sends: still the path.
      "/history/x#/../metrics",
      // A tab: the WHATWG URL parser drops it (".\t." is ".."); nginx refuses it itself.
      "/history/.\t./metrics",
    ];
    const arrived = await receivedDuring(async () => {
      for (const target of refused) {
        const reply = await send(nginx.port, target, { from });
        expect(reply.status, JSON.stringify(target)).toBe(400);
        expectBuildHeaders(reply, JSON.stringify(target));
      }
    });
    expect(arrived.map((request) => request.target)).toEqual([]);
  });

  it("owes those refusals to its own rule: without it, the same nginx passes the measured forms on to the indexer", async () => {
    expect(CONFIG.split(REFUSAL)).toHaveLength(2);
    const without = await startNginx((port) => site(port, buildDir)(CONFIG.replace(REFUSAL, "")));
    try {
      const from = client();
      const passed = ["/history/..\\metrics", "/history/..\\status", "/history/..\\ready", "/history/..\\health", "/history/..%5cmetrics", "/history/%252e%252e/metrics", "/history/events/..", "/history/./events"];
      for (const target of passed) {
        const arrived = await receivedDuring(async () => void expect((await send(without.port, target, { from })).status, target).toBe(200));
        expect(arrived.map((request) => request.target)).toEqual([target]);
      }
      // Which the indexer's URL parser (WHATWG: Node's, Ponder's) reads as its own routes.
      expect(["/history/..\\metrics", "/history/..\\status", "/history/..\\ready", "/history/..\\health"].map((target) => new URL(target, "http://indexer").pathname)).toEqual([
        "/metrics",
        "/status",
        "/ready",
        "/health",
      ]);
    } finally {
      await without.stop();
    }
  });

  it("refuses an account API body over 16 KiB with the API's own JSON refusal, never passing it on", async () => {
    const from = client();
    const arrived = await receivedDuring(async () => {
      const reply = await send(nginx.port, "/api/register", { from, method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ account: "x".repeat(17 * 1024) }) });
      expect(reply.status).toBe(413);
      expect(reply.headers.get("content-type")).toEqual(["application/json"]);
      expect(JSON.parse(reply.body)).toEqual({ error: { key: "errors:bodyTooLarge" } });
    });
    expect(arrived).toEqual([]);
  });

  describe.each([
    { location: "/history/", limits: HISTORY, zone: "history", target: "/history/events?n=" },
    { location: "/api/", limits: API, zone: "api", target: "/api/config?n=" },
  ])("$location", ({ location, limits, zone, target }) => {
    it(`limits each client's request rate: past the burst, 429 (${limits.rate} a second, a burst of ${limits.burst})`, async () => {
      const [from, other] = [client(), client()];
      const replies: Array<{ target: string; reply: Reply }> = [];
      const started = Date.now();
      // Four at a time (under either connection limit), so that even a slow machine sends faster than the rate.
      const arrived = await receivedDuring(async () => {
        while (!replies.some(({ reply }) => reply.status !== 200) && replies.length < limits.burst + 400) {
          const batch = [0, 1, 2, 3].map((n) => `${target}${replies.length + n}`);
          replies.push(...(await Promise.all(batch.map(async (sent) => ({ target: sent, reply: await send(nginx.port, sent, { from }) })))));
        }
      });
      const seconds = (Date.now() - started) / 1000;
      const passed = replies.filter(({ reply }) => reply.status === 200).map(({ target: sent }) => sent);
      const refused = replies.filter(({ reply }) => reply.status !== 200).map(({ reply }) => reply);
      expect(refused.length, `${replies.length} requests in ${seconds} s`).toBeGreaterThan(0);
      expect(refused.map((reply) => reply.status)).toEqual(refused.map(() => 429));
      // The burst passes whatever the timing; beyond it, only what the rate gave back meanwhile.
      expect(passed.length).toBeGreaterThanOrEqual(limits.burst + 1);
      expect(passed.length).toBeLessThanOrEqual(limits.burst + 2 + Math.ceil(seconds * limits.rate));
      // What passed reached the service, once each; nothing refused did.
      expect(arrived.map((request) => request.target).sort()).toEqual(passed.sort());
      expectBuildHeaders(refused[0]!, "the 429");
      if (location === "/api/") expect(JSON.parse(refused[0]!.body)).toEqual({ error: { key: "errors:tooManyAttempts", params: { count: 1 } } });
      expect(logOf(nginx, from).some((line) => line.includes("limiting requests, excess:") && line.includes(`by zone "${zone}_rate"`))).toBe(true);

      // Another client at the same moment is not limited; the first passes again once the rate gave one request back.
      expect((await send(nginx.port, `${target}other`, { from: other })).status).toBe(200);
      await sleep(1000 / limits.rate + 100);
      expect((await send(nginx.port, `${target}later`, { from })).status).toBe(200);
    });

    it(`limits each client's open requests: past ${limits.connections}, 429 at once`, async () => {
      // Opened at once, they must pass the rate limit first: its burst holds them all.
      expect(limits.burst + 1, "the burst").toBeGreaterThan(limits.connections);
      const [from, other] = [client(), client()];
      const mark = received.length;
      const held = Array.from({ length: limits.connections }, (_, n) => open(nginx.port, `${location}hold/${n}`, { from }));
      try {
        await until(() => received.length - mark === limits.connections, `${limits.connections} requests held upstream`);
        const extra = await send(nginx.port, `${location}hold/extra`, { from });
        expect(extra.status).toBe(429);
        expectBuildHeaders(extra, "the 429");
        expect(logOf(nginx, from).some((line) => line.includes(`limiting connections by zone "${zone}_conn"`))).toBe(true);
        // Another client is served meanwhile.
        const otherReply = await send(nginx.port, `${location}events`, { from: other });
        expect(otherReply.status).toBe(200);
        // The held requests (in the order they arrived), the other client's; never the extra one.
        const arrived = received.slice(mark).map((request) => request.target);
        expect(arrived.slice(0, -1).sort()).toEqual(Array.from({ length: limits.connections }, (_, n) => `${location}hold/${n}`).sort());
        expect(arrived.at(-1)).toBe(`${location}events`);
      } finally {
        for (const standIn of [...readers, accountApi]) standIn.release();
      }
      expect((await Promise.all(held.map((request) => request.reply))).map((reply) => reply.status)).toEqual(Array(limits.connections).fill(200));
      // Its requests answered, the client opens new ones (once the rate allows: the held ones counted).
      await sleep(1000 / limits.rate + 100);
      expect((await send(nginx.port, `${location}events`, { from })).status).toBe(200);
    });
  });

  it("closes the connection upstream when the client goes away, so the indexer can drop the request", async () => {
    for (const target of ["/history/hold/gone", "/api/hold/gone"]) {
      const mark = received.length;
      const request = open(nginx.port, target, { from: client() });
      request.reply.catch(() => undefined);
      await until(() => received.length > mark, `${target} upstream`);
      const upstream = received[mark]!;
      const left = Date.now();
      request.abort();
      await until(() => upstream.closedUnanswered !== undefined, `${target}: the upstream connection closed`, 3_000);
      expect(upstream.closedUnanswered! - left).toBeLessThan(2_000);
    }
  });

  it("passes a reader that refuses connections over for the other", async () => {
    const from = client();
    await readers[1]!.stop();
    try {
      const arrived = await receivedDuring(async () => {
        for (let n = 0; n < 4; n++) expect((await send(nginx.port, `/history/events?try=${n}`, { from })).status).toBe(200);
      });
      expect(arrived.map((request) => `${request.upstream} ${request.target}`)).toEqual([0, 1, 2, 3].map((n) => `reader 1 /history/events?try=${n}`));
      expect(logOf(nginx, from).some((line) => line.includes("Connection refused") && line.includes("while connecting to upstream"))).toBe(true);
    } finally {
      await readers[1]!.restart();
    }
  });

  // Last: a timed-out reader is passed over for 10 s (nginx's max_fails=1 fail_timeout=10s).
  it(`answers 504 when an upstream does not answer in time: /history/ in ${HISTORY.readTimeoutMs / 1000} s, /api/ in ${API.readTimeoutMs / 1000} s, and cuts one that stalls mid-answer`, async () => {
    const arrived = await receivedDuring(async () => {
      const [history, api, stalled] = await Promise.all([
        send(nginx.port, "/history/slow-headers/1", { from: client() }),
        send(nginx.port, "/api/slow-headers/1", { from: client() }),
        send(nginx.port, "/history/stall-body/1", { from: client() }),
      ]);
      for (const [reply, timeoutMs, what] of [
        [history, HISTORY.readTimeoutMs, "/history/"],
        [api, API.readTimeoutMs, "/api/"],
      ] as const) {
        expect(reply.status, what).toBe(504);
        expect(reply.ms, what).toBeGreaterThanOrEqual(timeoutMs - 100);
        expect(reply.ms, what).toBeLessThan(timeoutMs + 2_000);
        expectBuildHeaders(reply, `the 504 of ${what}`);
      }
      // Its headers arrived: the answer is cut (no whole body) once the reader has sent nothing for the timeout.
      expect(stalled.status).toBe(200);
      expect(stalled.complete).toBe(false);
      expect(stalled.ms).toBeGreaterThanOrEqual(HISTORY.readTimeoutMs - 100);
      expect(stalled.ms).toBeLessThan(HISTORY.readTimeoutMs + 2_000);
    });
    // Each asked once: a slow answer is not asked again of the other reader.
    expect(arrived.map((request) => request.target).sort()).toEqual(["/api/slow-headers/1", "/history/slow-headers/1", "/history/stall-body/1"]);
  });
});
