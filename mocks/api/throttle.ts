/**
 * Slows down password guessing: after a few failed attempts for an account or a wallet address,
 * each further attempt must wait, twice as long after every new failure, up to a cap. Kept in the
 * database, so a restart does not reset it; a success clears it.
 *
 * An attempt counts as a failure from the moment it starts (before the slow password check) and
 * is forgiven when it succeeds: requests sent in parallel cannot all slip past the limit.
 */
import type { Db } from "./database";
import { ApiError } from "./errors";

export interface ThrottlePolicy {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The first wait; it doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key without failures for this long starts again from zero. */
  forgetAfterMs: number;
}

const DEFAULT_THROTTLE: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 1_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };

export const throttleKeys = {
  account: (name: string) => `account:${name.toLowerCase()}`,
  wallet: (address: string) => `wallet:${address.toLowerCase()}`,
};

interface FailureRow {
  failures: number;
  last_failure_at: number;
}

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
  ) {}

  private delayAfter(failures: number): number {
    const over = failures - this.policy.freeFailures;
    if (over < 0) return 0;
    return Math.min(this.policy.baseDelayMs * 2 ** over, this.policy.maxDelayMs);
  }

  private row(key: string, now: number): FailureRow | undefined {
    const row = this.db.prepare("SELECT failures, last_failure_at FROM login_failures WHERE key = ?").get(key) as FailureRow | undefined;
    return row && now - row.last_failure_at < this.policy.forgetAfterMs ? row : undefined;
  }

  /** Throws a 429 naming the seconds to wait when any of `keys` must still wait. */
  check(keys: string[], now: number): void {
    let waitMs = 0;
    for (const key of keys) {
      const row = this.row(key, now);
      if (row) waitMs = Math.max(waitMs, row.last_failure_at + this.delayAfter(row.failures) - now);
    }
    if (waitMs > 0) throw new ApiError(429, "tooManyAttempts", { seconds: Math.ceil(waitMs / 1000) });
  }

  /** Starts an attempt: throws a 429 when one of `keys` must wait, else counts it as failed until `clear`. */
  attempt(keys: string[], now: number): void {
    this.db.transaction(() => {
      this.check(keys, now);
      this.recordFailure(keys, now);
    })();
  }

  private recordFailure(keys: string[], now: number): void {
    this.db.transaction(() => {
      for (const key of keys) {
        const failures = (this.row(key, now)?.failures ?? 0) + 1;
        this.db
          .prepare(
            "INSERT INTO login_failures (key, failures, last_failure_at) VALUES (?, ?, ?) " +
              "ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at",
          )
          .run(key, failures, now);
      }
    })();
  }

  clear(keys: string[]): void {
    const remove = this.db.prepare("DELETE FROM login_failures WHERE key = ?");
    this.db.transaction(() => keys.forEach((key) => remove.run(key)))();
  }
}
