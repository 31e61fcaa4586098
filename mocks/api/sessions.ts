/**
 * Session tokens: 256 random bits handed to the member once; the database keeps their SHA-256
 * only, with the account, the wallet that logged in and an expiry.
 */
import { createHash, randomBytes } from "node:crypto";

import { sql } from "drizzle-orm";

import { firstRow, transaction, type Db } from "./database";

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

  async open(accountId: number, wallet: string, now: number, ttlMs: number): Promise<Session> {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = now + ttlMs;
    await transaction(this.db, async (tx) => {
      await tx.execute(sql`DELETE FROM sessions WHERE expires_at <= ${now}`);
      await tx.execute(
        sql`INSERT INTO sessions (token_hash, account_id, wallet, created_at, expires_at) VALUES (${hashOf(token)}, ${accountId}, ${wallet.toLowerCase()}, ${now}, ${expiresAt})`,
      );
    });
    return { token, expiresAt };
  }

  /** The live session of `token`, or undefined when it is unknown, closed or expired. */
  async find(token: string, now: number): Promise<{ accountId: number; wallet: string } | undefined> {
    const row = await firstRow<SessionRow>(this.db, sql`SELECT account_id, wallet, expires_at FROM sessions WHERE token_hash = ${hashOf(token)}`);
    if (!row || row.expires_at <= now) return undefined;
    return { accountId: row.account_id, wallet: row.wallet };
  }

  async close(token: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM sessions WHERE token_hash = ${hashOf(token)}`);
  }
}
