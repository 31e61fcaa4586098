/**
 * The API's database: one SQLite file in the data directory, in WAL mode with full syncs, so that
 * a committed write survives a crash or a kill and a half-done one leaves no trace. The schema
 * grows by numbered migrations; `PRAGMA user_version` records how many have run.
 */
import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";

import { accountKey, lookAlikeKey } from "./text";

export type Db = Database.Database;

export const DATABASE_FILE = "accounts.sqlite";

/** Each entry moves the schema one version up. Never edit one that has shipped: add another. */
export const MIGRATIONS: readonly (string | ((db: Db) => void))[] = [
  `
  CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT    NOT NULL,
    referrer      TEXT,
    created_at    INTEGER NOT NULL
  );
  -- A wallet belongs to at most one account; an account may have several wallets (bind).
  CREATE TABLE wallets (
    address    TEXT    PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    bound_at   INTEGER NOT NULL
  );
  CREATE INDEX wallets_by_account ON wallets (account_id);

  CREATE TABLE nonces (
    nonce      TEXT    PRIMARY KEY,
    wallet     TEXT    NOT NULL,
    purpose    TEXT    NOT NULL,
    message    TEXT    NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at    INTEGER
  );
  CREATE INDEX nonces_by_expiry ON nonces (expires_at);

  -- Only a SHA-256 of each session token is kept: a copy of the file opens no session.
  CREATE TABLE sessions (
    token_hash TEXT    PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    wallet     TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_by_expiry ON sessions (expires_at);

  CREATE TABLE login_failures (
    key             TEXT    PRIMARY KEY,
    failures        INTEGER NOT NULL,
    last_failure_at INTEGER NOT NULL
  );
  `,
  // 2: nonces are deleted when used, bound to the client that asked, counted without a scan.
  `
  DELETE FROM nonces WHERE used_at IS NOT NULL;
  ALTER TABLE nonces ADD COLUMN client TEXT NOT NULL DEFAULT '';
  CREATE INDEX nonces_by_client ON nonces (client, expires_at);
  CREATE TABLE nonce_count (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    outstanding INTEGER NOT NULL
  );
  INSERT INTO nonce_count (id, outstanding) SELECT 1, COUNT(*) FROM nonces;
  CREATE TRIGGER nonces_counted_in AFTER INSERT ON nonces BEGIN
    UPDATE nonce_count SET outstanding = outstanding + 1 WHERE id = 1;
  END;
  CREATE TRIGGER nonces_counted_out AFTER DELETE ON nonces BEGIN
    UPDATE nonce_count SET outstanding = outstanding - 1 WHERE id = 1;
  END;
  `,
  // 3: names unique by their folded key (text.ts), which SQL cannot compute. Two accounts whose
  // names fold alike ("ÖL", "öl": NOCASE kept them apart) both keep working: the older gets the
  // key, the younger is found by its exact name only. Older password hashes are of the password
  // as typed: marked, so that bind tries those forms too, and rehashed on the next success.
  (db) => {
    addUniqueKey(db, "name_key", "accounts_by_key", accountKey);
    db.exec("ALTER TABLE accounts ADD COLUMN password_normalized INTEGER NOT NULL DEFAULT 0");
  },
  // 4: a nonce is deleted when presented (2): nothing marks one used any more.
  "ALTER TABLE nonces DROP COLUMN used_at;",
  // 5: a new name is taken when it could pass for one an account has (text.ts, lookAlikeKey).
  // Accounts whose names look alike already ("alice", "aIice") both keep working: the older gets
  // the key; neither is ever found by it, only new names are checked against it.
  (db) => addUniqueKey(db, "look_key", "accounts_by_look", lookAlikeKey),
];

/** A column of `accounts` holding `keyOf(name)`, unique: an account whose key an older one has
 *  already keeps NULL there. */
function addUniqueKey(db: Db, column: string, index: string, keyOf: (name: string) => string): void {
  db.exec(`ALTER TABLE accounts ADD COLUMN ${column} TEXT`);
  const setKey = db.prepare(`UPDATE accounts SET ${column} = ? WHERE id = ?`);
  const keys = new Set<string>();
  for (const { id, name } of db.prepare("SELECT id, name FROM accounts ORDER BY id").all() as { id: number; name: string }[]) {
    const key = keyOf(name);
    if (keys.has(key)) continue;
    keys.add(key);
    setKey.run(key, id);
  }
  db.exec(`CREATE UNIQUE INDEX ${index} ON accounts (${column})`);
}

export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  migrate(db);
  return db;
}

/** Runs the migrations the file has not seen yet, each in its own transaction; returns how many ran. */
export function migrate(db: Db): number {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(`The database is at schema version ${current}, newer than this server (${MIGRATIONS.length}).`);
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      const migration = MIGRATIONS[version];
      if (typeof migration === "string") db.exec(migration);
      else migration(db);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return MIGRATIONS.length - current;
}
