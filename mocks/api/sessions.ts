/**
 * Session tokens: 256 random bits handed to the member once; the database keeps their SHA-256
 * only, with the account, the wallet that logged in and an expiry.
 */
import { createHash, randomBytes } from "node:crypto";

import type { Db } from "./database";

export interface Session {
  token: string;
  expiresAt: number;
}

interface SessionRow {
  account_id: number;
  wallet: string;
  expires_at: number;
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export class Sessions {
  constructor(private readonly db: Db) {}

  open(accountId: number, wallet: string, now: number, ttlMs: number): Session {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = now + ttlMs;
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM sessions WHERE expires_at <= ?").run(now);
      this.db
        .prepare("INSERT INTO sessions (token_hash, account_id, wallet, created_at, expires_at) VALUES (?, ?, ?, ?, ?)")
        .run(hashOf(token), accountId, wallet.toLowerCase(), now, expiresAt);
    })();
    return { token, expiresAt };
  }

  /** The live session of `token`, or undefined when it is unknown, closed or expired. */
  find(token: string, now: number): { accountId: number; wallet: string } | undefined {
    const row = this.db.prepare("SELECT account_id, wallet, expires_at FROM sessions WHERE token_hash = ?").get(hashOf(token)) as
      | SessionRow
      | undefined;
    if (!row || row.expires_at <= now) return undefined;
    return { accountId: row.account_id, wallet: row.wallet };
  }

  close(token: string): void {
    this.db.prepare("DELETE FROM sessions WHERE token_hash = ?").run(hashOf(token));
  }
}
