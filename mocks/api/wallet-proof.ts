/**
 * Proof that the caller holds a wallet: the server hands out a single-use nonce that expires in
 * minutes, inside a message naming the site, the action, the wallet, the nonce and the expiry;
 * the wallet signs that message (EIP-191 personal_sign); the server recovers the signer.
 */
import { randomBytes } from "node:crypto";

import { sql } from "drizzle-orm";
import { getAddress, isAddress, verifyMessage } from "ethers";

import { BSC_CHAIN_ID } from "../../contracts-abi/product";
import { firstRow, transaction, type Db } from "./database";
import { ApiError, badRequest, unauthorized } from "./errors";

export const PURPOSES = ["register", "bind", "login"] as const;
export type Purpose = (typeof PURPOSES)[number];

const STATEMENTS: Record<Purpose, string> = {
  register: "Register an account with this wallet.",
  bind: "Bind this wallet to your account.",
  login: "Log in to your account.",
};

/**
 * How many unused nonces are kept. Each client (clients.ts) holds at most `perClient`: asking for
 * more drops that client's own oldest, never another's, so nobody can cancel someone else's pending
 * sign-in by asking nonces for their wallet. All clients together hold at most `outstanding`: past
 * it the soonest to expire goes first (after the expired ones), so a flood from many addresses never
 * stops new sign-ins; it can only shorten how long a pending one waits, to `outstanding` / the
 * flood's rate (200,000 at 1,000 requests a second: 200 s, far longer than signing takes). At the
 * cap each issuance also deletes one nonce: about 1.5x the time of one below it (npm run bench
 * measures issuance at 100,000 outstanding, below the cap).
 * `expireBatch` expired nonces at most are deleted per issuance: more than it adds, so the
 * table never keeps what can no longer be presented, and no request pays for a large backlog.
 */
export interface NonceLimits {
  perClient: number;
  outstanding: number;
  expireBatch: number;
}

export const DEFAULT_NONCE_LIMITS: NonceLimits = { perClient: 20, outstanding: 200_000, expireBatch: 100 };

export interface Challenge {
  nonce: string;
  message: string;
  expiresAt: number;
}

/** Where the message is signed for: the site's host and its address. */
export interface Site {
  domain: string;
  uri: string;
}

/** The site of the app's public origin (scheme, host and port: `https://app.example`). */
export function siteOf(origin: string): Site {
  const url = new URL(origin);
  return { domain: url.host, uri: url.origin };
}

/** Whether an EIP-4361 message names `site`, in its first line and its URI line. */
export function namesSite(message: string, site: Site): boolean {
  const lines = message.split("\n");
  return lines[0] === `${site.domain} wants you to sign in with your Ethereum account:` && lines.includes(`URI: ${site.uri}`);
}

export function parseWallet(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw badRequest("incorrectFormat");
  const text = value.trim();
  if (!isAddress(text)) throw badRequest("incorrectFormat");
  return getAddress(text);
}

/**
 * A Sign-In with Ethereum message (EIP-4361): wallets that know the format check that the domain
 * is the site asking, which makes a relayed message from a look-alike site stand out.
 */
export function proofMessage(site: Site, purpose: Purpose, wallet: string, nonce: string, issuedAt: number, expiresAt: number): string {
  return [
    `${site.domain} wants you to sign in with your Ethereum account:`,
    wallet,
    "",
    `${STATEMENTS[purpose]} This request sends no transaction and costs nothing.`,
    "",
    `URI: ${site.uri}`,
    "Version: 1",
    `Chain ID: ${BSC_CHAIN_ID}`,
    `Nonce: ${nonce}`,
    `Issued At: ${new Date(issuedAt).toISOString()}`,
    `Expiration Time: ${new Date(expiresAt).toISOString()}`,
  ].join("\n");
}

/** Every statement that deletes nonces, each through an index (test/api/Nonces.test.ts reads their plans). */
export const NONCE_STATEMENTS = {
  expire: (now: number, batch: number) =>
    sql`DELETE FROM nonces WHERE nonce IN (SELECT nonce FROM nonces WHERE expires_at <= ${now} ORDER BY expires_at, issued LIMIT ${batch})`,
  clientOverflow: (client: string, keep: number) =>
    sql`DELETE FROM nonces WHERE nonce IN (SELECT nonce FROM nonces WHERE client = ${client} ORDER BY expires_at DESC, issued DESC OFFSET ${keep})`,
  globalOverflow: (count: number) => sql`DELETE FROM nonces WHERE nonce IN (SELECT nonce FROM nonces ORDER BY expires_at, issued LIMIT ${count})`,
  consume: (nonce: string) => sql`DELETE FROM nonces WHERE nonce = ${nonce} RETURNING wallet, purpose, message, expires_at`,
};

/** How many unused nonces the table holds: kept by a trigger, so that it costs no count. */
export async function outstandingNonces(db: Db): Promise<number> {
  const row = await firstRow<{ outstanding: number }>(db, sql`SELECT outstanding FROM nonce_count WHERE id = 1`);
  return row!.outstanding;
}

/**
 * Locks the count's row for the rest of the transaction. Every change to the nonces changes that
 * row too (its trigger), so each transaction on the nonces takes it first: in one order, two of
 * them (an issue and a presentation on two instances) never wait for each other in a circle.
 */
async function lockNonceCount(tx: Db): Promise<number> {
  const row = await firstRow<{ outstanding: number }>(tx, sql`SELECT outstanding FROM nonce_count WHERE id = 1 FOR UPDATE`);
  return row!.outstanding;
}

/** A new nonce for `wallet`, asked by `client` (a key of clients.ts), within `limits`. */
export async function issueChallenge(
  db: Db,
  site: Site,
  purpose: Purpose,
  wallet: string,
  client: string,
  now: number,
  ttlMs: number,
  limits: NonceLimits = DEFAULT_NONCE_LIMITS,
): Promise<Challenge> {
  const nonce = randomBytes(16).toString("hex");
  const expiresAt = now + ttlMs;
  const message = proofMessage(site, purpose, wallet, nonce, now, expiresAt);
  await transaction(db, async (tx) => {
    await lockNonceCount(tx);
    await tx.execute(NONCE_STATEMENTS.expire(now, limits.expireBatch));
    await tx.execute(NONCE_STATEMENTS.clientOverflow(client, limits.perClient - 1));
    const over = (await outstandingNonces(tx)) - (limits.outstanding - 1);
    if (over > 0) await tx.execute(NONCE_STATEMENTS.globalOverflow(over));
    await tx.execute(
      sql`INSERT INTO nonces (nonce, wallet, client, purpose, message, expires_at) VALUES (${nonce}, ${wallet.toLowerCase()}, ${client}, ${purpose}, ${message}, ${expiresAt})`,
    );
  });
  return { nonce, message, expiresAt };
}

interface NonceRow {
  wallet: string;
  purpose: string;
  message: string;
  expires_at: number;
}

/**
 * Checks a signed nonce and uses it up, whatever the outcome: a nonce is presented once. Returns
 * nothing; throws a 401 for an expired, used or unknown nonce, a message naming another site than
 * `site` (one issued before the site was configured otherwise), a bad signature, or a signer that
 * is not `wallet`.
 */
export async function consumeProof(
  db: Db,
  proof: { wallet: string; nonce: unknown; signature: unknown },
  purpose: Purpose,
  now: number,
  site: Site,
): Promise<void> {
  const { nonce, signature } = proof;
  if (typeof nonce !== "string" || typeof signature !== "string") throw badRequest("malformedRequest");
  // Deleted as it is read: a second presentation finds nothing.
  const row = await transaction(db, async (tx) => {
    await lockNonceCount(tx);
    return firstRow<NonceRow>(tx, NONCE_STATEMENTS.consume(nonce));
  });
  if (!row || row.expires_at <= now || row.purpose !== purpose || row.wallet !== proof.wallet.toLowerCase()) {
    throw unauthorized("proofExpired");
  }
  if (!namesSite(row.message, site)) throw unauthorized("wrongSite");
  let signer: string;
  try {
    signer = verifyMessage(row.message, signature);
  } catch {
    throw new ApiError(401, "signatureInvalid");
  }
  if (signer.toLowerCase() !== row.wallet) throw unauthorized("wrongSigner");
}
