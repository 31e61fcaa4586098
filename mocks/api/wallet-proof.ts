/**
 * Proof that the caller holds a wallet: the server hands out a single-use nonce that expires in
 * minutes, inside a message naming the site, the action, the wallet, the nonce and the expiry;
 * the wallet signs that message (EIP-191 personal_sign); the server recovers the signer.
 */
import { randomBytes } from "node:crypto";

import { getAddress, isAddress, verifyMessage } from "ethers";

import { BSC_CHAIN_ID } from "../../contracts-abi/product";
import type { Db } from "./database";
import { ApiError, badRequest, unauthorized } from "./errors";

export const PURPOSES = ["register", "bind", "login"] as const;
export type Purpose = (typeof PURPOSES)[number];

const STATEMENTS: Record<Purpose, string> = {
  register: "Register an account with this wallet.",
  bind: "Bind this wallet to your account.",
  login: "Log in to your account.",
};

/** At most this many unused nonces per wallet: asking for more drops the oldest. */
const OUTSTANDING_PER_WALLET = 5;

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

export function issueChallenge(db: Db, site: Site, purpose: Purpose, wallet: string, now: number, ttlMs: number): Challenge {
  const nonce = randomBytes(16).toString("hex");
  const expiresAt = now + ttlMs;
  const message = proofMessage(site, purpose, wallet, nonce, now, expiresAt);
  const key = wallet.toLowerCase();
  db.transaction(() => {
    // Nothing is kept that can never be presented again, and no wallet piles nonces up.
    db.prepare("DELETE FROM nonces WHERE expires_at <= ? OR used_at IS NOT NULL").run(now);
    db.prepare(
      "DELETE FROM nonces WHERE wallet = ? AND nonce NOT IN (SELECT nonce FROM nonces WHERE wallet = ? ORDER BY expires_at DESC LIMIT ?)",
    ).run(key, key, OUTSTANDING_PER_WALLET - 1);
    db.prepare("INSERT INTO nonces (nonce, wallet, purpose, message, expires_at) VALUES (?, ?, ?, ?, ?)").run(nonce, key, purpose, message, expiresAt);
  })();
  return { nonce, message, expiresAt };
}

interface NonceRow {
  wallet: string;
  purpose: string;
  message: string;
  expires_at: number;
  used_at: number | null;
}

/**
 * Checks a signed nonce and uses it up, whatever the outcome: a nonce is presented once. Returns
 * nothing; throws a 401 for an expired, used or unknown nonce, a message naming another site than
 * `site` (one issued before the site was configured otherwise), a bad signature, or a signer that
 * is not `wallet`.
 */
export function consumeProof(
  db: Db,
  proof: { wallet: string; nonce: unknown; signature: unknown },
  purpose: Purpose,
  now: number,
  site: Site,
): void {
  if (typeof proof.nonce !== "string" || typeof proof.signature !== "string") throw badRequest("malformedRequest");
  const row = db.transaction((): NonceRow | undefined => {
    const found = db.prepare("SELECT wallet, purpose, message, expires_at, used_at FROM nonces WHERE nonce = ?").get(proof.nonce) as
      | NonceRow
      | undefined;
    if (found && found.used_at === null) db.prepare("UPDATE nonces SET used_at = ? WHERE nonce = ?").run(now, proof.nonce);
    return found;
  })();
  if (!row || row.used_at !== null || row.expires_at <= now || row.purpose !== purpose || row.wallet !== proof.wallet.toLowerCase()) {
    throw unauthorized("proofExpired");
  }
  if (!namesSite(row.message, site)) throw unauthorized("wrongSite");
  let signer: string;
  try {
    signer = verifyMessage(row.message, proof.signature);
  } catch {
    throw new ApiError(401, "signatureInvalid");
  }
  if (signer.toLowerCase() !== row.wallet) throw unauthorized("wrongSigner");
}
