/**
 * Proof that the caller holds a wallet: the server hands out a single-use nonce that expires in
 * minutes, inside a message naming the site, the action, the wallet, the nonce and the expiry;
 * the wallet signs that message (EIP-191 personal_sign); the server recovers the signer.
 */
import { randomBytes } from "node:crypto";

import { getAddress, isAddress, verifyMessage } from "ethers";

import type { Db } from "./database";
import { ApiError, badRequest, unauthorized } from "./errors";

export const PURPOSES = ["register", "bind", "login"] as const;
export type Purpose = (typeof PURPOSES)[number];

const ACTION_NAMES: Record<Purpose, string> = { register: "Register an account", bind: "Bind an account", login: "Log in" };

export interface Challenge {
  nonce: string;
  message: string;
  expiresAt: number;
}

export function parseWallet(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw badRequest("incorrectFormat");
  const text = value.trim();
  if (!isAddress(text)) throw badRequest("incorrectFormat");
  return getAddress(text);
}

export function proofMessage(site: string, purpose: Purpose, wallet: string, nonce: string, expiresAt: number): string {
  return [
    `${site} asks you to sign with your wallet.`,
    "",
    `Action: ${ACTION_NAMES[purpose]}`,
    `Wallet: ${wallet}`,
    `Nonce: ${nonce}`,
    `Expires: ${new Date(expiresAt).toISOString()}`,
    "",
    "Signing proves that you hold this wallet. It sends no transaction and costs nothing.",
  ].join("\n");
}

export function issueChallenge(db: Db, site: string, purpose: Purpose, wallet: string, now: number, ttlMs: number): Challenge {
  const nonce = randomBytes(16).toString("hex");
  const expiresAt = now + ttlMs;
  const message = proofMessage(site, purpose, wallet, nonce, expiresAt);
  db.transaction(() => {
    // Keep the table small: nonces a day past their expiry can never be presented again.
    db.prepare("DELETE FROM nonces WHERE expires_at < ?").run(now - 86_400_000);
    db.prepare("INSERT INTO nonces (nonce, wallet, purpose, message, expires_at) VALUES (?, ?, ?, ?, ?)").run(
      nonce,
      wallet.toLowerCase(),
      purpose,
      message,
      expiresAt,
    );
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
 * nothing; throws a 401 for an expired, used or unknown nonce, a bad signature, or a signer that
 * is not `wallet`.
 */
export function consumeProof(db: Db, proof: { wallet: string; nonce: unknown; signature: unknown }, purpose: Purpose, now: number): void {
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
  let signer: string;
  try {
    signer = verifyMessage(row.message, proof.signature);
  } catch {
    throw new ApiError(401, "signatureInvalid");
  }
  if (signer.toLowerCase() !== row.wallet) throw unauthorized("wrongSigner");
}
