/**
 * Two API instances behind one load balancer, sharing one PostgreSQL database (docs/operations.md
 * §4): whatever one knows, the other knows. Each has a data directory of its own holding the same
 * key pair (copied, as an operator mounts one secret into every instance). On the suite's server
 * when it runs on PostgreSQL, else on a private one started here.
 */
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { sql } from "drizzle-orm";

import { freePort } from "../../scripts/lib/free-port";
import { createDatabase, startPostgres, type Postgres } from "../../scripts/lib/postgres";
import { membersFixture, type Fixture } from "../contracts/shared/fixtures";
import { DEFAULT_NONCE_TTL_MS, TEST_POSTGRES, bind, call, dbRows, fromClient, keyOf, prove, register, startApi, type RunningApi } from "./harness";

type Session = { token: string; member: { account: string } };

describe("Account API: two instances on one PostgreSQL database", function () {
  this.timeout(60_000);
  let own: Postgres | undefined;
  let serverUrl: string;
  let databases = 0;
  let fixture: Fixture;
  let a: RunningApi;
  let b: RunningApi;

  before(async function () {
    if (!TEST_POSTGRES) own = await startPostgres(await freePort());
    serverUrl = TEST_POSTGRES ?? own!.url;
  });
  after(async function () {
    await own?.stop();
  });

  beforeEach(async function () {
    fixture = await loadFixture(membersFixture);
    const databaseUrl = await createDatabase(serverUrl, `two_instances_${process.pid}_${++databases}`);
    // Both on one clock, as two machines on NTP; each its own data directory (temporaryDataDir).
    const clock = { now: Date.parse("2026-11-21T00:00:00Z") };
    a = await startApi(fixture, { databaseUrl, clock });
    b = await startApi(fixture, { databaseUrl, clock });
  });
  afterEach(async function () {
    await a.close();
    await b.close();
  });

  const dave = () => ({ account: "dave", password: "correct horse", referrer: fixture.alice.address });

  it("accepts a nonce issued by one on the other, once, and never again on either", async function () {
    await register(a, fixture.dave, dave());
    const proof = await prove(a, fixture.dave, "login");
    expect((await call(b, "/api/login", { body: proof })).status).to.equal(200);
    expect(keyOf(await call(b, "/api/login", { body: proof }))).to.equal("errors:proofExpired");
    expect(keyOf(await call(a, "/api/login", { body: proof }))).to.equal("errors:proofExpired");
  });

  it("presents a nonce on one while the other issues one past the client's share, without a deadlock", async function () {
    await register(a, fixture.dave, dave());
    const answers: (string | number)[] = [];
    for (let round = 0; round < 10; round++) {
      // Another client's nonces, expired by the time of the race: the issuance deletes them first.
      for (let i = 0; i < 3; i++) await prove(fromClient(b, "127.0.0.2"), fixture.eve, "login");
      a.clock.now += DEFAULT_NONCE_TTL_MS - 2_000;
      // This client (127.0.0.1) at its share of twenty: the next nonce deletes its oldest, the one
      // presented on the other instance at the same moment.
      const proofs = [];
      for (let i = 0; i < 20; i++) proofs.push(await prove(b, fixture.dave, "login"));
      a.clock.now += 2_000;
      const [presented, issued] = await Promise.all([
        call(a, "/api/login", { body: proofs[0] }),
        call(b, "/api/auth/nonce", { body: { wallet: fixture.dave.address, purpose: "login" } }),
      ]);
      answers.push(presented.status === 200 ? 200 : (keyOf(presented) ?? presented.status), issued.status);
      a.clock.now += 3 * DEFAULT_NONCE_TTL_MS;
    }
    // A login, or the nonce already dropped for a newer one: never a server error.
    expect(answers.filter((answer) => answer !== 200 && answer !== "errors:proofExpired")).to.deep.equal([]);
  });

  it("serves a session made on one from the other, and a logout on either ends it on both", async function () {
    const { token } = (await register(a, fixture.dave, dave())).body as unknown as Session;
    expect((await call(b, "/api/account", { token })).body).to.include({ account: "dave" });
    expect((await call(b, "/api/logout", { token, method: "POST" })).status).to.equal(204);
    for (const instance of [a, b]) expect(keyOf(await call(instance, "/api/account", { token }))).to.equal("errors:sessionExpired");
  });

  it("counts a client's failed passwords once across both: alternating does not double its budget", async function () {
    await register(a, fixture.dave, dave());
    // Five failures are free (throttle.ts), wherever they land.
    for (let i = 0; i < 5; i++) expect((await bind(i % 2 ? b : a, fixture.eve, "dave", `guess ${i}`)).status).to.equal(401);
    for (const instance of [a, b]) expect(keyOf(await bind(instance, fixture.eve, "dave", "correct horse"))).to.equal("errors:tooManyAttempts");
  });

  it("counts parallel guesses sent to both before checking them", async function () {
    await register(a, fixture.dave, dave());
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => bind(i % 2 ? b : a, fixture.eve, "dave", `guess ${i}`)));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 401)).to.have.length(5);
    expect(statuses.filter((status) => status === 429)).to.have.length(7);
  });

  it("gives exactly one account to registrations of one name racing on both", async function () {
    const wallets = [fixture.dave, fixture.eve, fixture.others[0], fixture.others[1]];
    const replies = await Promise.all(wallets.map((wallet, i) => register(i % 2 ? b : a, wallet, dave())));
    expect(replies.map((reply) => reply.status).sort()).to.deep.equal([201, 409, 409, 409]);
    for (const reply of replies.filter((each) => each.status === 409)) expect(keyOf(reply)).to.equal("errors:accountTaken");
    expect(await dbRows(a, sql`SELECT COUNT(*)::int AS n FROM accounts`)).to.deep.equal([{ n: 1 }]);
    expect(await dbRows(b, sql`SELECT COUNT(*)::int AS n FROM wallets`)).to.deep.equal([{ n: 1 }]);
  });

  it("gives one wallet racing to register on both one account, and the other request a session of it", async function () {
    const replies = await Promise.all([register(a, fixture.dave, dave()), register(b, fixture.dave, dave())]);
    expect(replies.map((reply) => reply.status).sort()).to.deep.equal([200, 201]);
    expect(await dbRows(a, sql`SELECT COUNT(*)::int AS n FROM accounts`)).to.deep.equal([{ n: 1 }]);
  });
});
