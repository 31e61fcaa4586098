import { spawn } from "node:child_process";
import path from "node:path";

import Database from "better-sqlite3";
import { expect } from "chai";

import { DATABASE_FILE, MIGRATIONS, migrate, openDatabase } from "../../mocks/api/database";
import { temporaryDataDir } from "./harness";

describe("Account API storage", function () {
  it("migrates a new file to the latest schema once, in WAL mode", function () {
    const dataDir = temporaryDataDir(false);
    const db = openDatabase(dataDir);
    expect(db.pragma("user_version", { simple: true })).to.equal(MIGRATIONS.length);
    expect(db.pragma("journal_mode", { simple: true })).to.equal("wal");
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    expect(tables).to.deep.equal(["accounts", "login_failures", "nonce_count", "nonces", "sessions", "wallets"]);
    const nonceColumns = (db.prepare("SELECT name FROM pragma_table_info('nonces') ORDER BY cid").all() as { name: string }[]).map((c) => c.name);
    expect(nonceColumns).to.deep.equal(["nonce", "wallet", "purpose", "message", "expires_at", "client"]);
    db.prepare("INSERT INTO accounts (name, password_hash, created_at) VALUES ('kept', 'h', 1)").run();
    db.close();

    const again = openDatabase(dataDir);
    expect(again.pragma("user_version", { simple: true })).to.equal(MIGRATIONS.length);
    expect(migrate(again)).to.equal(0);
    expect(again.prepare("SELECT name FROM accounts").all()).to.deep.equal([{ name: "kept" }]);
    again.close();
  });

  it("runs each migration once, counting those it ran", function () {
    const db = new Database(":memory:");
    expect(migrate(db)).to.equal(MIGRATIONS.length);
    expect(db.pragma("user_version", { simple: true })).to.equal(MIGRATIONS.length);
    expect(migrate(db)).to.equal(0);
    db.close();
  });

  it("drops used nonces and counts the others when moving nonces to schema 2", function () {
    const db = new Database(":memory:");
    db.exec(MIGRATIONS[0] as string);
    db.pragma("user_version = 1");
    const insert = db.prepare("INSERT INTO nonces (nonce, wallet, purpose, message, expires_at, used_at) VALUES (?, 'w', 'login', 'm', 10, ?)");
    insert.run("a", null);
    insert.run("b", 5);
    insert.run("c", null);
    migrate(db);
    expect(db.prepare("SELECT nonce, client FROM nonces ORDER BY nonce").all()).to.deep.equal([{ nonce: "a", client: "" }, { nonce: "c", client: "" }]);
    expect(db.prepare("SELECT outstanding FROM nonce_count").get()).to.deep.equal({ outstanding: 2 });
    db.close();
  });

  it("refuses a file from a newer server rather than guess at its schema", function () {
    const dataDir = temporaryDataDir(false);
    openDatabase(dataDir).close();
    const raw = new Database(path.join(dataDir, DATABASE_FILE));
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    expect(() => openDatabase(dataDir)).to.throw(/newer than this server/);
  });

  it("keeps every committed write and no half-written one when the process is killed mid-write", async function () {
    this.timeout(60_000);
    const dataDir = temporaryDataDir(false);
    const writer = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", path.join(__dirname, "fixtures", "writer.ts"), dataDir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let committed = 0;
    await new Promise<void>((resolve, reject) => {
      writer.stdout.on("data", (chunk: Buffer) => {
        const lines = chunk.toString().trim().split("\n");
        committed = Number(lines[lines.length - 1]);
        if (committed >= 300 && writer.kill("SIGKILL")) resolve();
      });
      writer.on("exit", (code, signal) => (signal === "SIGKILL" ? resolve() : reject(new Error(`writer exited with ${code}`))));
    });

    const db = openDatabase(dataDir);
    expect(db.pragma("integrity_check", { simple: true })).to.equal("ok");
    const { accounts } = db.prepare("SELECT COUNT(*) AS accounts FROM accounts").get() as { accounts: number };
    expect(accounts).to.be.at.least(committed);
    // Each account and its wallet were written in one transaction: never one without the other.
    const orphans = db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE id NOT IN (SELECT account_id FROM wallets)").get();
    expect(orphans).to.deep.equal({ n: 0 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM wallets").get()).to.deep.equal({ n: accounts });
    db.close();
  });
});
