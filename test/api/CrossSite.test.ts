/**
 * Another site's pages cannot spend a visitor's write budget (docs/product/account-api.md): a browser tells
 * the API where a request comes from (Origin, Sec-Fetch-Site), and a request from a page of
 * another site, or a body that is not JSON, is refused before the request limit counts it.
 */
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";

import { membersFixture, type Fixture } from "../contracts/shared/fixtures";
import { call, keyOf, startApi, type RunningApi } from "./harness";

const SITE = "http://hashrate.test";

describe("Account API and other sites' pages", function () {
  let fixture: Fixture;
  let api: RunningApi;

  beforeEach(async function () {
    fixture = await loadFixture(membersFixture);
    api = await startApi(fixture, { origin: SITE, writesPerMinute: 3 });
  });

  afterEach(async function () {
    await api?.close();
  });

  const nonce = (headers: Record<string, string>, raw?: string) =>
    call(api, "/api/auth/nonce", { raw: raw ?? JSON.stringify({ wallet: fixture.dave.address, purpose: "login" }), headers });

  it("refuses no-cors POSTs from another site before they count, so the visitor's own sign-in still goes through", async function () {
    const foreign: Record<string, string>[] = [
      // A no-cors fetch or a form from another site: text/plain, its Origin, Sec-Fetch-Site cross-site.
      { "content-type": "text/plain;charset=UTF-8", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      // Without Sec-Fetch-Site (an older browser): the Origin tells.
      { "content-type": "text/plain", origin: "https://evil.example" },
      // A sandboxed frame's page has the opaque origin.
      { "content-type": "application/json", origin: "null" },
      // Sec-Fetch-Site alone (a browser sends no Origin on some requests).
      { "content-type": "application/json", "sec-fetch-site": "cross-site" },
    ];
    for (let round = 0; round < 3; round++) {
      for (const headers of foreign) {
        const reply = await nonce(headers);
        expect([reply.status, keyOf(reply)], JSON.stringify(headers)).to.deep.equal([403, "errors:crossSite"]);
      }
    }
    for (let n = 0; n < 3; n++) {
      const own = await nonce({ "content-type": "application/json", origin: SITE, "sec-fetch-site": "same-origin" });
      expect(own.status, `own request ${n + 1}`).to.equal(200);
    }
  });

  it("lets the app's own page write under another name of the host (localhost for 127.0.0.1), and refuses a sibling site", async function () {
    const own = await nonce({ "content-type": "application/json", origin: "http://localhost:5173", "sec-fetch-site": "same-origin" });
    expect(own.status).to.equal(200);
    const sibling = await nonce({ "content-type": "application/json", origin: "http://other.hashrate.test", "sec-fetch-site": "same-site" });
    expect([sibling.status, keyOf(sibling)]).to.deep.equal([403, "errors:crossSite"]);
  });

  it("refuses a body that is not JSON before it counts (a form or no-cors POST without Origin)", async function () {
    for (let n = 0; n < 5; n++) {
      const reply = await nonce({ "content-type": "text/plain" }, "{}");
      expect([reply.status, keyOf(reply)]).to.deep.equal([415, "errors:malformedRequest"]);
    }
    expect((await nonce({})).status).to.equal(200);
  });

  it("serves reads from anywhere, and writes from clients that name no origin (scripts)", async function () {
    expect((await call(api, "/api/config", { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } })).status).to.equal(200);
    expect((await nonce({})).status).to.equal(200);
  });
});
