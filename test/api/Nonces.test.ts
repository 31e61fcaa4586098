import Database from "better-sqlite3";
import { expect } from "chai";

import { clientKey } from "../../mocks/api/clients";
import { migrate, type Db } from "../../mocks/api/database";
import { NONCE_STATEMENTS, issueChallenge, outstandingNonces, type NonceLimits } from "../../mocks/api/wallet-proof";

const SITE = { domain: "hashrate.test", uri: "http://hashrate.test" };
const TTL = 60_000;
const wallet = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

describe("Account API nonces", function () {
  let db: Db;

  beforeEach(function () {
    db = new Database(":memory:");
    migrate(db);
  });

  afterEach(function () {
    db.close();
  });

  const nonces = () => (db.prepare("SELECT nonce FROM nonces ORDER BY rowid").all() as { nonce: string }[]).map((row) => row.nonce);

  it("finds what it deletes through an index, never by scanning the table", function () {
    for (const [name, sql] of Object.entries(NONCE_STATEMENTS)) {
      const parameters = Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => 1);
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as { detail: string }[]).map((step) => step.detail);
      // "SCAN nonces USING ... INDEX" walks an index in order and stops at the LIMIT; a bare
      // "SCAN nonces" reads every row.
      expect(plan.filter((detail) => /^SCAN nonces$/.test(detail)), `${name}: ${plan.join("; ")}`).to.deep.equal([]);
    }
  });

  it("keeps at most the cap in all, dropping the soonest to expire, and counts them without a scan", function () {
    const limits: NonceLimits = { perClient: 3, outstanding: 10, expireBatch: 5 };
    const issued = Array.from({ length: 12 }, (_, i) => issueChallenge(db, SITE, "login", wallet(i), `10.0.0.${i}`, 1_000 + i, TTL, limits).nonce);
    expect(nonces()).to.deep.equal(issued.slice(2));
    expect(outstandingNonces(db)).to.equal(10);
  });

  it("drops a client's own oldest past its share, never another client's", function () {
    const limits: NonceLimits = { perClient: 3, outstanding: 100, expireBatch: 5 };
    const victim = issueChallenge(db, SITE, "login", wallet(1), "10.0.0.1", 1_000, TTL, limits).nonce;
    const flood = Array.from({ length: 6 }, (_, i) => issueChallenge(db, SITE, "login", wallet(1), "10.0.0.2", 1_001 + i, TTL, limits).nonce);
    expect(nonces()).to.deep.equal([victim, ...flood.slice(3)]);
  });

  it("deletes expired nonces a batch at a time as new ones are issued", function () {
    const limits: NonceLimits = { perClient: 100, outstanding: 100, expireBatch: 5 };
    for (let i = 0; i < 12; i++) issueChallenge(db, SITE, "login", wallet(i), `10.0.0.${i}`, 1_000, TTL, limits);
    const later = 1_000 + TTL;
    issueChallenge(db, SITE, "login", wallet(99), "10.0.1.1", later, TTL, limits);
    expect(outstandingNonces(db)).to.equal(12 - 5 + 1);
    issueChallenge(db, SITE, "login", wallet(98), "10.0.1.1", later, TTL, limits);
    issueChallenge(db, SITE, "login", wallet(97), "10.0.1.1", later, TTL, limits);
    expect(outstandingNonces(db)).to.equal(3);
    expect((db.prepare("SELECT COUNT(*) AS n FROM nonces").get() as { n: number }).n).to.equal(3);
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
