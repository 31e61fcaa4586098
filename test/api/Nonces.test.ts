import { expect } from "chai";
import { sql } from "drizzle-orm";

import { clientKey } from "../../mocks/api/clients";
import { openDatabase, rows, type AccountDatabase, type Db } from "../../mocks/api/database";
import { NONCE_STATEMENTS, issueChallenge, outstandingNonces, type NonceLimits } from "../../mocks/api/wallet-proof";
import { databaseUrlFor, temporaryDataDir } from "./harness";

const SITE = { domain: "hashrate.test", uri: "http://hashrate.test" };
const TTL = 60_000;
const wallet = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

describe("Account API nonces", function () {
  let database: AccountDatabase;
  let db: Db;

  beforeEach(async function () {
    const dataDir = temporaryDataDir(false);
    database = await openDatabase({ dataDir, databaseUrl: await databaseUrlFor(dataDir) });
    db = database.db;
  });

  afterEach(async function () {
    await database.close();
  });

  /** Outstanding nonces, in the order they were issued. */
  const nonces = async () => (await rows<{ nonce: string }>(db, sql`SELECT nonce FROM nonces ORDER BY issued`)).map((row) => row.nonce);

  it("finds what it deletes through an index, never by scanning the table", async function () {
    const statements = [NONCE_STATEMENTS.expire(1, 1), NONCE_STATEMENTS.clientOverflow("10.0.0.1", 1), NONCE_STATEMENTS.globalOverflow(1), NONCE_STATEMENTS.consume("n")];
    await db.transaction(async (tx) => {
      // A table this small is cheapest to read whole: the planner must show that an index can do it.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      for (const [index, statement] of statements.entries()) {
        const plan = (await rows<{ "QUERY PLAN": string }>(tx, sql`EXPLAIN ${statement}`)).map((step) => step["QUERY PLAN"]);
        // "Seq Scan on nonces" reads every row; an index scan stops at the LIMIT.
        expect(plan.filter((line) => /Seq Scan on nonces/.test(line)), `${index}: ${plan.join("; ")}`).to.deep.equal([]);
      }
    });
  });

  const issue = async (count: number, next: (i: number) => [wallet: string, client: string, now: number], limits: NonceLimits) => {
    const issued: string[] = [];
    for (let i = 0; i < count; i++) issued.push((await issueChallenge(db, SITE, "login", ...withTtl(next(i)), limits)).nonce);
    return issued;
  };
  const withTtl = ([address, client, now]: [string, string, number]) => [address, client, now, TTL] as const;

  it("keeps at most the cap in all, dropping the soonest to expire, and counts them without a scan", async function () {
    const limits: NonceLimits = { perClient: 3, outstanding: 10, expireBatch: 5 };
    const issued = await issue(12, (i) => [wallet(i), `10.0.0.${i}`, 1_000 + i], limits);
    expect(await nonces()).to.deep.equal(issued.slice(2));
    expect(await outstandingNonces(db)).to.equal(10);
  });

  it("drops a client's own oldest past its share, never another client's", async function () {
    const limits: NonceLimits = { perClient: 3, outstanding: 100, expireBatch: 5 };
    const [victim] = await issue(1, () => [wallet(1), "10.0.0.1", 1_000], limits);
    const flood = await issue(6, (i) => [wallet(1), "10.0.0.2", 1_001 + i], limits);
    expect(await nonces()).to.deep.equal([victim, ...flood.slice(3)]);
  });

  it("deletes expired nonces a batch at a time as new ones are issued", async function () {
    const limits: NonceLimits = { perClient: 100, outstanding: 100, expireBatch: 5 };
    await issue(12, (i) => [wallet(i), `10.0.0.${i}`, 1_000], limits);
    const later = 1_000 + TTL;
    await issue(1, () => [wallet(99), "10.0.1.1", later], limits);
    expect(await outstandingNonces(db)).to.equal(12 - 5 + 1);
    await issue(2, (i) => [wallet(98 - i), "10.0.1.1", later], limits);
    expect(await outstandingNonces(db)).to.equal(3);
    expect(await rows(db, sql`SELECT COUNT(*)::int AS n FROM nonces`)).to.deep.equal([{ n: 3 }]);
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped one as IPv4", function () {
    expect(clientKey("203.0.113.7")).to.equal("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).to.equal("203.0.113.7");
    expect(clientKey("2001:db8:0:1:aaaa::1")).to.equal("2001:db8:0:1::/64");
    expect(clientKey("2001:db8::1:2:3:4")).to.equal("2001:db8:0:0::/64");
    expect(clientKey("2001:DB8:0:1:ffff:ffff:ffff:ffff")).to.equal("2001:db8:0:1::/64");
    expect(clientKey("::1")).to.equal("0:0:0:0::/64");
    // The same IPv4 client, mapped and spelt otherwise: never lumped with every other into 0:0:0:0::/64.
    expect(clientKey("::ffff:cb00:7107")).to.equal("203.0.113.7");
    expect(clientKey("0:0:0:0:0:ffff:203.0.113.7")).to.equal("203.0.113.7");
    expect(clientKey("::FFFF:203.0.113.7")).to.equal("203.0.113.7");
  });
});
