import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";

import { membersFixture, type Fixture } from "../contracts/shared/fixtures";
import { call, keyOf, login, register, startApi, type RunningApi } from "./harness";

/** POST /api/account-name: whether a name is free, asked before the wallet is asked to sign. */
describe("Account API: is a name free", function () {
  let fixture: Fixture;
  let api: RunningApi;

  beforeEach(async function () {
    fixture = await loadFixture(membersFixture);
    api = await startApi(fixture);
  });

  afterEach(async function () {
    await api.close();
  });

  const ask = (target: { url: string }, account: unknown) => call(target, "/api/account-name", { body: { account } });

  it("answers free for a name nobody has, and taken (nothing more) once it is registered", async function () {
    const free = await ask(api, "Dave");
    expect(free.status).to.equal(200);
    expect(free.body).to.deep.equal({ free: true });

    expect((await register(api, fixture.dave, { account: "Dave", password: "correct horse", referrer: fixture.alice.address })).status).to.equal(201);
    const taken = await ask(api, "Dave");
    expect(taken.status).to.equal(200);
    // No account data: not the wallet, the referrer, the date, nor the name as stored.
    expect(taken.body).to.deep.equal({ free: false });
    expect(taken.headers.get("cache-control")).to.equal("no-store");
  });

  it("reads names as registration does: NFKC, trimmed, case folded", async function () {
    expect((await register(api, fixture.dave, { account: "STRASSE", password: "correct horse", referrer: fixture.alice.address })).status).to.equal(201);
    expect((await register(api, fixture.eve, { account: "Öl", password: "correct horse", referrer: fixture.alice.address })).status).to.equal(201);
    for (const name of ["strasse", "straße", " Strasse ", "ＳＴＲＡＳＳＥ", "ÖL", "öl", "O\u0308l"]) {
      expect((await ask(api, name)).body, name).to.deep.equal({ free: false });
    }
    expect((await ask(api, "strass")).body).to.deep.equal({ free: true });
    // And registration agrees: a name said taken cannot be registered.
    const second = await register(api, fixture.others[0], { account: "straße", password: "correct horse", referrer: fixture.alice.address });
    expect([second.status, keyOf(second)]).to.deep.equal([409, "errors:accountTaken"]);
  });

  it("refuses a name registration would refuse, with the same message", async function () {
    for (const [name, key] of [
      ["", "errors:enterAccount"],
      ["   ", "errors:enterAccount"],
      [42, "errors:enterAccount"],
      [undefined, "errors:enterAccount"],
      ["ali\u202Ece", "errors:accountCharacters"],
      ["a".repeat(33), "errors:accountLength"],
    ] as const) {
      const reply = await ask(api, name);
      expect([reply.status, keyOf(reply)], String(name)).to.deep.equal([400, key]);
    }
    const notAnObject = await call(api, "/api/account-name", { body: ["dave"] as unknown as object });
    expect([notAnObject.status, keyOf(notAnObject)]).to.deep.equal([400, "errors:malformedRequest"]);
  });

  it("answers a look-alike name not free, with registration's reason, and registration agrees", async function () {
    const reply = await ask(api, "\u0430lice");
    expect([reply.status, reply.body]).to.deep.equal([200, { free: false, error: { key: "errors:accountLookAlike" } }]);
    const registered = await register(api, fixture.dave, { account: "\u0430lice", password: "correct horse", referrer: fixture.alice.address });
    expect([registered.status, keyOf(registered)]).to.deep.equal([400, "errors:accountLookAlike"]);
  });

  it("answers POST only: a name never goes into a URL", async function () {
    const reply = await call(api, "/api/account-name?account=dave");
    expect([reply.status, keyOf(reply)]).to.deep.equal([404, "errors:notFound"]);
  });

  it("counts against the same per-address budget as the writes", async function () {
    const limited = await startApi(fixture, { writesPerMinute: 3 });
    try {
      expect((await ask(limited, "dave")).status).to.equal(200);
      expect((await ask(limited, "erin")).status).to.equal(200);
      expect((await call(limited, "/api/auth/nonce", { body: { wallet: fixture.dave.address, purpose: "login" } })).status).to.equal(200);
      const refused = await ask(limited, "frank");
      expect([refused.status, keyOf(refused)]).to.deep.equal([429, "errors:tooManyAttempts"]);
      expect(Number(refused.headers.get("retry-after"))).to.be.within(1, 60);
      expect((await login(limited, fixture.dave)).status).to.equal(429);
    } finally {
      await limited.close();
    }
  });

  it("writes no name to the log", async function () {
    await ask(api, "secret-name");
    await ask(api, "\u202Esecret-name");
    expect(api.logs.join("\n")).not.to.contain("secret-name");
  });
});
