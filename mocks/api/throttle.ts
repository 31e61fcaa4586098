/**
 * Slows down password guessing. Failures are counted under keys of three kinds, each with its
 * policy: after a few failed attempts under a key, each further attempt must wait, twice as long
 * after every new failure, up to a cap. Kept in the database, so a restart does not reset it.
 *
 * - `account:<name>@<client>`: one client guessing one account's password. Keyed by the client
 *   too, so strangers guessing from elsewhere never lock the owner out (an account-wide key would
 *   hand them that lock).
 * - `client:<client>`: one client failing across any accounts: spraying one password over many
 *   accounts is slowed, whatever fresh wallets it signs with. Guessing one account from many
 *   addresses is bounded by these per-client budgets and the cost of scrypt.
 * - `wallet:<address>`: one wallet failing across accounts.
 *
 * An attempt counts as a failure from the moment it starts (before the slow password check):
 * requests sent in parallel cannot all slip past the limit. A success clears its account and
 * wallet keys and forgives its own count on the client key, without forgiving the client's other
 * failures (or a sprayer could log in to its own account now and then to start again).
 *
 * Instances sharing a server share the counts: an attempt locks its keys (advisory locks, for the
 * length of its transaction, in one order) before it reads and counts them, so attempts sent to
 * two instances at once are counted one after the other, as on one.
 */
import { sql } from "drizzle-orm";

import { firstRow, transaction, type Db } from "./database";
import { ApiError } from "./errors";
import { accountKey } from "./text";

export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The first wait; it doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key without failures for this long starts again from zero. */
  forgetAfterMs: number;
}

const PER_ACCOUNT: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 1_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };
/** A person mistyping across their own few accounts stays far below this. */
const PER_CLIENT: ThrottlePolicy = { ...PER_ACCOUNT, freeFailures: 10 };

export type ThrottleKind = "account" | "client" | "wallet";

export const THROTTLE_POLICIES: Record<ThrottleKind, ThrottlePolicy> = { account: PER_ACCOUNT, client: PER_CLIENT, wallet: PER_ACCOUNT };

/** `client` is a key of clients.ts. */
export const throttleKeys = {
  account: (name: string, client: string) => `account:${accountKey(name)}@${client}`,
  client: (client: string) => `client:${client}`,
  wallet: (address: string) => `wallet:${address.toLowerCase()}`,
};

/** Locks `keys` for the rest of the transaction, in sorted order, so that two transactions sharing keys never wait for each other in a circle. */
async function lockKeys(tx: Db, keys: string[]): Promise<void> {
  for (const key of [...keys].sort()) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

const kindOf = (key: string) => key.slice(0, key.indexOf(":")) as ThrottleKind;

interface FailureRow {
  failures: number;
  last_failure_at: number;
}

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly policies: Record<ThrottleKind, ThrottlePolicy> = THROTTLE_POLICIES,
  ) {}

  private delayAfter(key: string, failures: number): number {
    const policy = this.policies[kindOf(key)];
    const over = failures - policy.freeFailures;
    if (over < 0) return 0;
    return Math.min(policy.baseDelayMs * 2 ** over, policy.maxDelayMs);
  }

  private async row(db: Db, key: string, now: number): Promise<FailureRow | undefined> {
    const row = await firstRow<FailureRow>(db, sql`SELECT failures, last_failure_at FROM login_failures WHERE key = ${key}`);
    return row && now - row.last_failure_at < this.policies[kindOf(key)].forgetAfterMs ? row : undefined;
  }

  /** Throws a 429 naming the seconds to wait when any of `keys` must still wait. */
  async check(keys: string[], now: number, db: Db = this.db): Promise<void> {
    let waitMs = 0;
    for (const key of keys) {
      const row = await this.row(db, key, now);
      if (row) waitMs = Math.max(waitMs, row.last_failure_at + this.delayAfter(key, row.failures) - now);
    }
    if (waitMs > 0) throw new ApiError(429, "tooManyAttempts", { count: Math.ceil(waitMs / 1000) });
  }

  /** Starts an attempt: throws a 429 when one of `keys` must wait, else counts it as failed until `succeeded`. */
  async attempt(keys: string[], now: number): Promise<void> {
    await transaction(this.db, async (tx) => {
      await lockKeys(tx, keys);
      await this.check(keys, now, tx);
      for (const key of keys) {
        const failures = ((await this.row(tx, key, now))?.failures ?? 0) + 1;
        await tx.execute(
          sql`INSERT INTO login_failures (key, failures, last_failure_at) VALUES (${key}, ${failures}, ${now})
              ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at`,
        );
      }
    });
  }

  /** Ends an attempt that succeeded: its account and wallet keys start again from zero; a client key only takes back this attempt. */
  async succeeded(keys: string[]): Promise<void> {
    await transaction(this.db, async (tx) => {
      // Locked as an attempt locks them: an attempt's read-then-write never straddles this change.
      await lockKeys(tx, keys);
      for (const key of keys) {
        if (kindOf(key) === "client") await tx.execute(sql`UPDATE login_failures SET failures = failures - 1 WHERE key = ${key} AND failures > 0`);
        else await tx.execute(sql`DELETE FROM login_failures WHERE key = ${key}`);
      }
    });
  }
}
