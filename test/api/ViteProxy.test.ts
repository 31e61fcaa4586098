/**
 * The account API behind the web app's own Vite server (web/vite.config.mts, its /api proxy), as
 * the browser reaches it: the wallet message names the page's origin, a client cannot rename
 * itself for the request limit through the proxy, and a too-large body gets its 413 through it.
 */
import net from "node:net";
import path from "node:path";

import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { Wallet } from "ethers";
import { SiweMessage } from "siwe";

import { membersFixture } from "../contracts/shared/fixtures";
import { call, keyOf, startApi, type RunningApi } from "./harness";

const ROOT = path.join(__dirname, "../..");

/** What this test uses of Vite (whose types need a module resolution the tests' tsconfig lacks). */
interface ViteDevServer {
  listen(): Promise<unknown>;
  close(): Promise<void>;
}
type CreateServer = (config: { configFile: string; configLoader: "runner"; logLevel: "silent" }) => Promise<ViteDevServer>;
const VITE = "vite";

describe("Account API through the web app's Vite proxy", function () {
  this.timeout(60_000);
  let api: RunningApi;
  let vite: ViteDevServer;
  let page: string;

  before(async function () {
    // A free port for Vite (its config listens on WEB_PORT, strictly).
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const webPort = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    page = `http://127.0.0.1:${webPort}`;
    const fixture = await loadFixture(membersFixture);
    api = await startApi(fixture, { origin: page, writesPerMinute: 3 });
    process.env.API_PORT = new URL(api.url).port;
    process.env.WEB_PORT = String(webPort);
    process.env.ADDRESS_BOOK = path.join(ROOT, "web/src/test/fixtures/address-book.json");
    const { createServer } = (await import(VITE)) as { createServer: CreateServer };
    vite = await createServer({ configFile: path.join(ROOT, "web/vite.config.mts"), configLoader: "runner", logLevel: "silent" });
    await vite.listen();
  });

  after(async function () {
    await vite?.close();
    await api?.close();
    for (const name of ["API_PORT", "WEB_PORT", "ADDRESS_BOOK"]) delete process.env[name];
  });

  it("hands out a message naming the page's origin, as EIP-4361 wants it and the official siwe parser verifies", async function () {
    const wallet = Wallet.createRandom();
    const reply = await call<{ message: string; nonce: string }>({ url: page }, "/api/auth/nonce", {
      body: { wallet: wallet.address, purpose: "login" },
    });
    const lines = reply.body.message.split("\n");
    // EIP-4361: "${domain} wants you to sign in with your Ethereum account:", then "URI: ${uri}";
    // a wallet (and siwe's verify({ domain })) compares the domain with the page's host.
    expect(/^(\S+) wants you to sign in with your Ethereum account:$/.exec(lines[0])?.[1]).to.equal(new URL(page).host);
    expect(lines.find((line) => line.startsWith("URI: "))).to.equal(`URI: ${page}`);
    // What MetaMask checks before it signs and a relying party after: siwe's verify with the page's
    // host passes (at the message's own time: the API's clock is the test chain's), another fails.
    const signature = await wallet.signMessage(reply.body.message);
    const message = new SiweMessage(reply.body.message);
    const at = { signature, nonce: reply.body.nonce, time: message.issuedAt };
    const here = await message.verify({ ...at, domain: new URL(page).host }, { suppressExceptions: true });
    expect(here.success, here.error?.type).to.equal(true);
    const elsewhere = await new SiweMessage(reply.body.message).verify({ ...at, domain: "evil.example" }, { suppressExceptions: true });
    expect(elsewhere.success).to.equal(false);
  });

  it("keeps one budget per client whatever X-Forwarded-For the client sends", async function () {
    const statuses = [];
    for (let n = 0; n < 8; n++) statuses.push((await call({ url: page }, "/api/auth/nonce", { body: {}, headers: { "x-forwarded-for": `203.0.113.${n}` } })).status);
    expect(statuses.filter((status) => status === 429)).to.have.length(6);
  });

  it("passes the refusal of a 10 MB body on to the client, never a 502", async function () {
    const body = JSON.stringify({ account: "a".repeat(10 * 1024 * 1024) });
    for (let i = 0; i < 3; i++) {
      const tooLarge = await call({ url: page }, "/api/logout", { raw: body });
      expect([tooLarge.status, keyOf(tooLarge)]).to.deep.equal([413, "errors:bodyTooLarge"]);
      // An announced body over the limit is refused at once, before the request limit counts it.
      const large = await call({ url: page }, "/api/register", { raw: body });
      expect([large.status, keyOf(large)]).to.deep.equal([413, "errors:bodyTooLarge"]);
      // Over the request limit: refused before the body is read.
      const limited = await call({ url: page }, "/api/register", { body: {} });
      expect([limited.status, keyOf(limited)]).to.deep.equal([429, "errors:tooManyAttempts"]);
    }
  });
});
