/**
 * Accounts and the wallets bound to them. Every write runs in one transaction that checks and
 * writes together, and the unique keys (name, folded name, look-alike key, wallet) are the last
 * word: two requests racing for one account name or one wallet, on one instance or two sharing a
 * server, cannot both win.
 */
import { getAddress } from "ethers";

import { sql } from "drizzle-orm";

import { errorCodes, firstRow, transaction, type Db } from "./database";
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

/** PostgreSQL's code for a unique key another row has (docs: errcodes-appendix). */
const UNIQUE_VIOLATION = "23505";

/** Whether `error` (from the driver, possibly wrapped by drizzle) is a unique key taken meanwhile. */
export const isUniqueViolation = (error: unknown) => errorCodes(error).includes(UNIQUE_VIOLATION);

export class Accounts {
  constructor(private readonly db: Db) {}

  /**
   * The account `name` names: the one stored under this very name first (two accounts made before
   * names were folded may differ only by a non-ASCII case; each keeps its own), else the one whose
   * folded key it shares.
   */
  async byName(name: string, db: Db = this.db): Promise<AccountRow | undefined> {
    return (
      (await firstRow<AccountRow>(db, sql`SELECT * FROM accounts WHERE name = ${name}`)) ??
      (await firstRow<AccountRow>(db, sql`SELECT * FROM accounts WHERE name_key = ${accountKey(name)}`))
    );
  }

  /** Whether a new account may not be named `name`: an account has it, or a name it could pass for (lookAlikeKey). */
  async isTaken(name: string, db: Db = this.db): Promise<boolean> {
    if (await this.byName(name, db)) return true;
    return (await firstRow(db, sql`SELECT 1 FROM accounts WHERE look_key = ${lookAlikeKey(name)}`)) !== undefined;
  }

  byWallet(wallet: string, db: Db = this.db): Promise<AccountRow | undefined> {
    return firstRow<AccountRow>(db, sql`SELECT accounts.* FROM wallets JOIN accounts ON accounts.id = wallets.account_id WHERE wallets.address = ${wallet.toLowerCase()}`);
  }

  byId(id: number, db: Db = this.db): Promise<AccountRow | undefined> {
    return firstRow<AccountRow>(db, sql`SELECT * FROM accounts WHERE id = ${id}`);
  }

  /** A new account with `wallet` bound to it. */
  async create(input: { name: string; passwordHash: string; referrer: string | null; wallet: string | null; now: number }): Promise<AccountRow> {
    try {
      return await transaction(this.db, async (tx) => {
        if (await this.isTaken(input.name, tx)) throw conflict("accountTaken");
        if (input.wallet && (await this.byWallet(input.wallet, tx))) throw conflict("walletBound");
        const created = await firstRow<AccountRow>(
          tx,
          sql`INSERT INTO accounts (name, name_key, look_key, password_hash, password_normalized, referrer, created_at)
              VALUES (${input.name}, ${accountKey(input.name)}, ${lookAlikeKey(input.name)}, ${input.passwordHash}, 1, ${input.referrer}, ${input.now})
              RETURNING *`,
        );
        if (input.wallet) await this.insertWallet(tx, created!.id, input.wallet, input.now);
        return created!;
      });
    } catch (error) {
      // Another request (here or on another instance) took the name or the wallet between the
      // checks and the insert: the same answers the checks give.
      if (!isUniqueViolation(error)) throw error;
      if (input.wallet && (await this.byWallet(input.wallet))) throw conflict("walletBound");
      throw conflict("accountTaken");
    }
  }

  /** Binds `wallet` to the account; binding it again to the same account changes nothing. */
  async bind(accountId: number, wallet: string, now: number): Promise<void> {
    try {
      await transaction(this.db, async (tx) => {
        const current = await this.byWallet(wallet, tx);
        if (current?.id === accountId) return;
        if (current) throw conflict("walletBound");
        await this.insertWallet(tx, accountId, wallet, now);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if ((await this.byWallet(wallet))?.id === accountId) return;
      throw conflict("walletBound");
    }
  }

  /** A hash of the normalised password in place of a legacy one. */
  async rehash(accountId: number, passwordHash: string): Promise<void> {
    await this.db.execute(sql`UPDATE accounts SET password_hash = ${passwordHash}, password_normalized = 1 WHERE id = ${accountId}`);
  }

  private async insertWallet(db: Db, accountId: number, wallet: string, now: number): Promise<void> {
    await db.execute(sql`INSERT INTO wallets (address, account_id, bound_at) VALUES (${wallet.toLowerCase()}, ${accountId}, ${now})`);
  }
}
