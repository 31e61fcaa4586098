/**
 * PostgreSQL restarted under load: while the server is down every request is answered at once,
 * 503 with the `network` key (the app shows its "network abnormal" message), the health
 * check says so too, and once it is back the same API process serves again, with nothing lost.
 */
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";

import { freePort } from "../../scripts/lib/free-port";
import { createDatabase, startPostgres, type Postgres } from "../../scripts/lib/postgres";
import { membersFixture, type Fixture } from "../contracts/shared/fixtures";
import { call, keyOf, login, register, startApi, type RunningApi } from "./harness";

type Session = { token: string };

describe("Account API: its PostgreSQL server restarted under load", function () {
  this.timeout(120_000);
  let server: Postgres;
  let fixture: Fixture;
  let api: RunningApi;

  before(async function () {
    // A server of its own: this test stops it.
    server = await startPostgres(await freePort());
  });
  after(async function () {
    await server.stop();
  });

  beforeEach(async function () {
    fixture = await loadFixture(membersFixture);
    api = await startApi(fixture, { databaseUrl: await createDatabase(server.url, "restart") });
  });
  afterEach(async function () {
    await api.close();
  });

  it("answers 503 'network' while it is down, and serves again without a restart of the API", async function () {
    const { token } = (await register(api, fixture.dave, { account: "dave", password: "correct horse", referrer: fixture.alice.address })).body as unknown as Session;
    expect((await call(api, "/api/health")).status).to.equal(200);

    // Load: eight clients asking for the account without pause, each answer recorded.
    const answers: { status: number; key?: string; ms: number }[] = [];
    let loading = true;
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (loading) {
          const started = Date.now();
          const reply = await call(api, "/api/account", { token });
          answers.push({ status: reply.status, key: keyOf(reply), ms: Date.now() - started });
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await server.pause();
    const downFrom = answers.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const health = await call(api, "/api/health");
    expect([health.status, keyOf(health)]).to.deep.equal([503, "errors:network"]);
    await server.resume();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    loading = false;
    await load;

    // Only two answers, ever: the account, or the network's fault; never a 500, never a hang.
    expect(answers.filter((answer) => !(answer.status === 200 || (answer.status === 503 && answer.key === "errors:network")))).to.deep.equal([]);
    expect(answers.slice(downFrom).filter((answer) => answer.status === 503).length, "503s while down").to.be.greaterThan(0);
    expect(Math.max(...answers.map((answer) => answer.ms)), "slowest answer, ms").to.be.below(6_000);
    // Back: the same process serves, the session and the account intact.
    expect(answers.slice(-8).map((answer) => answer.status)).to.deep.equal(Array(8).fill(200));
    expect((await call(api, "/api/health")).status).to.equal(200);
    expect((await call(api, "/api/account", { token })).body).to.include({ account: "dave" });
    expect((await login(api, fixture.dave)).status).to.equal(200);
  });
});
