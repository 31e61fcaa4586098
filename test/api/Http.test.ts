/**
 * The account API at the HTTP level, as a hostile client sees it: which site the wallet signs for,
 * who the client is for the request limit, refusals below the routes (a request Node or Fastify
 * cannot read) and what the log keeps of a flood.
 */
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";

import { configFromEnv } from "../../mocks/api/start";
import { membersFixture, type Fixture } from "../contracts/shared/fixtures";
import { call, keyOf, login, prove, register, startApi, temporaryDataDir, type RunningApi } from "./harness";

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
});
