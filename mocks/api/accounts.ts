/**
 * Accounts and the wallets bound to them. Every write runs in one transaction that checks and
 * writes together, so two requests racing for one account name or one wallet cannot both win.
 */
import { getAddress } from "ethers";

import type { Db } from "./database";
import { conflict } from "./errors";
import { accountKey, lookAlikeKey } from "./text";

export interface AccountRow {
  id: number;
  name: string;
  password_hash: string;
  /** 0 for a hash made before passwords were normalised to NFKC (schema 3). */
  password_normalized: number;
  referrer: string | null;
  created_at: number;
}

/** What the API tells a member about their account. */
export interface AccountView {
  account: string;
  wallet: string;
  referrer: string | null;
  registeredAt: string;
}

export function accountView(row: AccountRow, wallet: string): AccountView {
  return { account: row.name, wallet: getAddress(wallet), referrer: row.referrer, registeredAt: new Date(row.created_at).toISOString() };
}

export class Accounts {
  constructor(private readonly db: Db) {}

  /**
   * The account `name` names: the one stored under this very name first (two accounts made before
   * names were folded may differ only by a non-ASCII case; each keeps its own), else the one whose
   * folded key it shares.
   */
  byName(name: string): AccountRow | undefined {
    return (this.db.prepare("SELECT * FROM accounts WHERE name = ?").get(name) ??
      this.db.prepare("SELECT * FROM accounts WHERE name_key = ?").get(accountKey(name))) as AccountRow | undefined;
  }

  /** Whether a new account may not be named `name`: an account has it, or a name it could pass for (lookAlikeKey). */
  isTaken(name: string): boolean {
    return this.byName(name) !== undefined || this.db.prepare("SELECT 1 FROM accounts WHERE look_key = ?").get(lookAlikeKey(name)) !== undefined;
  }

  byWallet(wallet: string): AccountRow | undefined {
    return this.db
      .prepare("SELECT accounts.* FROM wallets JOIN accounts ON accounts.id = wallets.account_id WHERE wallets.address = ?")
      .get(wallet.toLowerCase()) as AccountRow | undefined;
  }

  byId(id: number): AccountRow | undefined {
    return this.db.prepare("SELECT * FROM accounts WHERE id = ?").get(id) as AccountRow | undefined;
  }

  /** A new account with `wallet` bound to it. */
  create(input: { name: string; passwordHash: string; referrer: string | null; wallet: string | null; now: number }): AccountRow {
    return this.db.transaction(() => {
      if (this.isTaken(input.name)) throw conflict("accountTaken");
      if (input.wallet && this.byWallet(input.wallet)) throw conflict("walletBound");
      const { lastInsertRowid } = this.db
        .prepare("INSERT INTO accounts (name, name_key, look_key, password_hash, password_normalized, referrer, created_at) VALUES (?, ?, ?, ?, 1, ?, ?)")
        .run(input.name, accountKey(input.name), lookAlikeKey(input.name), input.passwordHash, input.referrer, input.now);
      const id = Number(lastInsertRowid);
      if (input.wallet) this.insertWallet(id, input.wallet, input.now);
      return this.byId(id)!;
    })();
  }

  /** Binds `wallet` to the account; binding it again to the same account changes nothing. */
  bind(accountId: number, wallet: string, now: number): void {
    this.db.transaction(() => {
      const current = this.byWallet(wallet);
      if (current?.id === accountId) return;
      if (current) throw conflict("walletBound");
      this.insertWallet(accountId, wallet, now);
    })();
  }

  /** A hash of the normalised password in place of a legacy one. */
  rehash(accountId: number, passwordHash: string): void {
    this.db.prepare("UPDATE accounts SET password_hash = ?, password_normalized = 1 WHERE id = ?").run(passwordHash, accountId);
  }

  private insertWallet(accountId: number, wallet: string, now: number): void {
    this.db.prepare("INSERT INTO wallets (address, account_id, bound_at) VALUES (?, ?, ?)").run(wallet.toLowerCase(), accountId, now);
  }
}
