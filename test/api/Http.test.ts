/**
 * The account API at the HTTP level, as a hostile client sees it: which site the wallet signs for,
 * who the client is for the request limit, refusals below the routes (a request Node or Fastify
 * cannot read) and what the log keeps of a flood.
 */
import net from "node:net";

import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";

import { configFromEnv } from "../../mocks/api/start";
import { membersFixture, type Fixture } from "../contracts/shared/fixtures";
import { call, keyOf, login, prove, register, startApi, temporaryDataDir, type RunningApi } from "./harness";

/** A raw exchange on one connection: what the server wrote back until it closed (or 5 s passed). */
function raw(api: RunningApi, request: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [head, ...rest] = text.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (!status) reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      resolve({ status, headers: head, body: rest.join("\r\n\r\n") });
    });
    socket.write(request);
  });
}

const keyIn = (body: string) => (JSON.parse(body) as { error?: { key?: string } }).error?.key;

describe("Account API over HTTP", function () {
  let fixture: Fixture;
  let api: RunningApi;

  beforeEach(async function () {
    fixture = await loadFixture(membersFixture);
  });

  afterEach(async function () {
    await api?.close();
  });

  describe("the site wallets sign for", function () {
    it("names the configured origin, whatever Host or X-Forwarded-Host say", async function () {
      api = await startApi(fixture, { origin: configFromEnv({ WEB_PORT: "5173" }).origin });
      const reply = await call<{ message: string }>(api, "/api/auth/nonce", {
        body: { wallet: fixture.dave.address, purpose: "login" },
        headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      });
      const lines = reply.body.message.split("\n");
      expect(lines[0]).to.equal("127.0.0.1:5173 wants you to sign in with your Ethereum account:");
      expect(lines).to.include("URI: http://127.0.0.1:5173");
      expect(reply.body.message).to.not.contain("evil.example");
    });

    it("takes the app's public origin from API_ORIGIN, else the local web server's", function () {
      expect(configFromEnv({ API_ORIGIN: "https://app.example" }).origin).to.equal("https://app.example");
      expect(configFromEnv({ WEB_PORT: "14173" }).origin).to.equal("http://127.0.0.1:14173");
      expect(configFromEnv({}).origin).to.equal("http://127.0.0.1:5173");
      expect(() => configFromEnv({ API_ORIGIN: "app.example/path" })).to.throw(/API_ORIGIN/);
    });

    it("refuses a proof whose message names another site", async function () {
      const dataDir = temporaryDataDir();
      const clock = { now: Date.parse("2026-11-21T00:00:00Z") };
      api = await startApi(fixture, { dataDir, clock, origin: "https://phish.example" });
      await register(api, fixture.dave, { account: "dave", password: "correct horse", referrer: fixture.alice.address });
      const proof = await prove(api, fixture.dave, "login");
      await api.close();
      api = await startApi(fixture, { dataDir, clock, origin: "https://app.example" });
      const reply = await call(api, "/api/login", { body: proof });
      expect([reply.status, keyOf(reply)]).to.deep.equal([401, "errors:wrongSite"]);
      expect((await login(api, fixture.dave)).status).to.equal(200);
    });
  });

  describe("the request limit", function () {
    it("is one budget per client across every route that writes", async function () {
      api = await startApi(fixture, { writesPerMinute: 4 });
      const statuses = [];
      for (const route of ["/api/auth/nonce", "/api/login", "/api/bind", "/api/register", "/api/auth/nonce", "/api/login"]) {
        statuses.push((await call(api, route, { body: {} })).status);
      }
      expect(statuses).to.deep.equal([400, 400, 400, 400, 429, 429]);
    });

    it("does not let a client name itself with X-Forwarded-For", async function () {
      api = await startApi(fixture, { writesPerMinute: 3 });
      const ask = (n: number) =>
        call(api, "/api/auth/nonce", { body: { wallet: fixture.dave.address, purpose: "login" }, headers: { "x-forwarded-for": `203.0.113.${n}` } });
      for (let n = 0; n < 3; n++) expect((await ask(n)).status).to.equal(200);
      let servedPastTheLimit = 0;
      for (let n = 3; n < 23; n++) if ((await ask(n)).status !== 429) servedPastTheLimit++;
      expect(servedPastTheLimit).to.equal(0);
    });

    it("takes the client's address from a configured trusted proxy", async function () {
      api = await startApi(fixture, { writesPerMinute: 1, trustedProxies: ["127.0.0.1"] });
      const ask = (client: string) => call(api, "/api/auth/nonce", { body: {}, headers: { "x-forwarded-for": client } });
      expect((await ask("203.0.113.1")).status).to.equal(400);
      expect((await ask("203.0.113.1")).status).to.equal(429);
      expect((await ask("203.0.113.2")).status).to.equal(400);
    });
  });

  describe("requests below the routes", function () {
    beforeEach(async function () {
      api = await startApi(fixture);
    });

    const cases: [string, string | (() => string), number][] = [
      ["bad %-encoding", "GET /api/%zz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", 400],
      ["an unknown method", "BREW /api/config HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", 400],
      ["a method Node knows and no route has", "PROPFIND /api/config HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", 404],
      ["headers too large", () => `GET /api/config HTTP/1.1\r\nHost: a\r\nX-Big: ${"b".repeat(20_000)}\r\n\r\n`, 431],
      ["a bad Content-Length", "POST /api/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 1x\r\n\r\n{}", 400],
      [
        "Content-Length with Transfer-Encoding",
        "POST /api/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        400,
      ],
      ["a garbage request line", "HELLO THERE\r\n\r\n", 400],
      ["no Host", "GET /api/config HTTP/1.1\r\nConnection: close\r\n\r\n", 400],
      ["a CONNECT", "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 400],
      ["two Host headers", "GET /api/config HTTP/1.1\r\nHost: a\r\nhost: b\r\nConnection: close\r\n\r\n", 400],
    ];
    for (const [what, request, status] of cases) {
      it(`answers ${what} with ${status} and a message key`, async function () {
        const reply = await raw(api, typeof request === "string" ? request : request());
        expect(reply.status).to.equal(status);
        expect(reply.headers).to.match(/content-type: application\/json/i);
        expect(keyIn(reply.body)).to.match(/^errors:\w+$/);
      });
    }

    it("holds every route group to the same transport rules: one Host, no-store, refusals with a message key", async function () {
      const routes = [
        ["GET", "/api/config"],
        ["POST", "/api/account-name"],
        ["POST", "/api/auth/nonce"],
        ["POST", "/api/register"],
        ["POST", "/api/bind"],
        ["POST", "/api/login"],
        ["POST", "/api/logout"],
        ["GET", "/api/account"],
        ["GET", "/api/nothing"],
      ];
      for (const [method, route] of routes) {
        const body = method === "POST" ? "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}" : "\r\n";
        const served = await raw(api, `${method} ${route} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n${body}`);
        expect(served.headers, route).to.match(/\r\ncache-control: no-store/i);
        const twoHosts = await raw(api, `${method} ${route} HTTP/1.1\r\nHost: a\r\nhost: b\r\nConnection: close\r\n${body}`);
        expect([twoHosts.status, keyIn(twoHosts.body)], route).to.deep.equal([400, "errors:malformedRequest"]);
        expect(twoHosts.headers, route).to.match(/\r\ncache-control: no-store/i);
      }
    });

    it("answers a 10 MB body with a clean 413 the client reads", async function () {
      const reply = await call(api, "/api/register", { raw: JSON.stringify({ account: "a".repeat(10 * 1024 * 1024) }) });
      expect([reply.status, keyOf(reply)]).to.deep.equal([413, "errors:bodyTooLarge"]);
    });
  });

  describe("the log", function () {
    it("keeps a flood of refusals to a bounded number of lines", async function () {
      api = await startApi(fixture, { writesPerMinute: 5 });
      const before = api.logs.length;
      for (let i = 0; i < 200; i++) await call(api, "/api/nothing");
      for (let i = 0; i < 200; i++) await call(api, "/api/auth/nonce", { body: {} });
      await api.close();
      expect(api.logs.length - before).to.be.at.most(30);
      const counted = api.logs.map((line) => JSON.parse(line) as { refused?: Record<string, number> }).filter((line) => line.refused);
      const total = counted.reduce((sum, line) => sum + Object.values(line.refused!).reduce((a, b) => a + b, 0), 0);
      expect(total).to.equal(400);
    });

    it("never writes a URL's query string", async function () {
      api = await startApi(fixture);
      await call(api, "/api/config?token=secret1");
      await call(api, "/api/nothing?token=secret2");
      await call(api, "/api/account?token=secret3", { token: "made-up" });
      await raw(api, "GET /api/%zz?token=secret4 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
      await api.close();
      expect(api.logs.join("\n")).to.not.match(/secret\d/);
    });
  });
});
