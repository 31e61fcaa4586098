/**
 * Accounts and the wallets bound to them. Every write runs in one transaction that checks and
 * writes together, so two requests racing for one account name or one wallet cannot both win.
 */
import { getAddress } from "ethers";

import type { Db } from "./database";
import { badRequest, conflict } from "./errors";

export const ACCOUNT_MAX = 32;

export interface AccountRow {
  id: number;
  name: string;
  password_hash: string;
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

/**
 * An account name as typed, trimmed. Any printable text up to 32 characters is a name; it is only
 * ever bound as a parameter, never spliced into SQL, so quotes and semicolons are stored as typed.
 */
export function parseAccountName(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw badRequest("enterAccount");
  // One spelling per name: "é" typed as one code point or as e + accent is the same account.
  const name = value.trim().normalize("NFC");
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw badRequest("incorrectFormat");
  if ([...name].length > ACCOUNT_MAX) throw badRequest("accountLength", { max: ACCOUNT_MAX });
  return name;
}

export class Accounts {
  constructor(private readonly db: Db) {}

  byName(name: string): AccountRow | undefined {
    return this.db.prepare("SELECT * FROM accounts WHERE name = ?").get(name) as AccountRow | undefined;
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
      if (this.byName(input.name)) throw conflict("accountTaken");
      if (input.wallet && this.byWallet(input.wallet)) throw conflict("walletBound");
      const { lastInsertRowid } = this.db
        .prepare("INSERT INTO accounts (name, password_hash, referrer, created_at) VALUES (?, ?, ?, ?)")
        .run(input.name, input.passwordHash, input.referrer, input.now);
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

  private insertWallet(accountId: number, wallet: string, now: number): void {
    this.db.prepare("INSERT INTO wallets (address, account_id, bound_at) VALUES (?, ?, ?)").run(wallet.toLowerCase(), accountId, now);
  }
}
