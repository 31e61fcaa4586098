/**
 * Passwords arrive encrypted with the server's RSA key (RSA-OAEP, SHA-256) and are kept only as a
 * salted scrypt hash. The plaintext lives in memory for the length of one request.
 */
import { constants, privateDecrypt, randomBytes, scrypt as scryptCallback, timingSafeEqual, type KeyObject } from "node:crypto";
import { promisify } from "node:util";

import { badRequest } from "./errors";
import { legacyPasswordForms, normalizePassword } from "./text";

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

/** Cost 2^15 with block size 8: 32 MiB and tens of milliseconds per hash. OWASP asks 2^17 of a
 *  production server; each hash records its parameters, so they can be raised without a reset. */
const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

/** The password inside `ciphertext` (base64) as typed (text.ts normalises it), or a 400 when it cannot be read. */
export function decryptPassword(ciphertext: string, privateKey: KeyObject): string {
  let plaintext: string;
  try {
    plaintext = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(ciphertext, "base64"),
    ).toString("utf8");
  } catch {
    throw badRequest("passwordUnreadable");
  }
  if (plaintext === "") throw badRequest("enterPassword");
  return plaintext;
}

/** For a new account: the length rule the register page states. */
export function checkNewPassword(password: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) throw badRequest("passwordLength", { min: PASSWORD_MIN, max: PASSWORD_MAX });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N: COST, r: BLOCK_SIZE, p: PARALLELISM, maxmem: MAX_MEMORY });
  return ["scrypt", COST, BLOCK_SIZE, PARALLELISM, salt.toString("base64"), hash.toString("base64")].join("$");
}

/** Compares in constant time. A hash of another format never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(cost),
    r: Number(blockSize),
    p: Number(parallelism),
    maxmem: MAX_MEMORY,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash that matches nothing, to spend the same time on an unknown account as on a known one. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString("base64"));
  return decoy;
}

/**
 * Whether `typed` is the password of an account stored with `stored` (none: an unknown account,
 * which costs the same time and never matches). A hash made before passwords were normalised
 * (schema 3) is tried with the forms the password may have been typed in then, and on a match
 * `rehash` receives a hash of the normalised password to store instead.
 */
export async function passwordMatches(
  typed: string,
  stored: { password_hash: string; password_normalized: number } | undefined,
  rehash: (hash: string) => Promise<void> | void,
): Promise<boolean> {
  const password = normalizePassword(typed);
  const matches = await verifyPassword(password, stored?.password_hash ?? (await decoyHash()));
  if (matches || !stored || stored.password_normalized) return matches && Boolean(stored);
  for (const form of legacyPasswordForms(typed)) {
    if (await verifyPassword(form, stored.password_hash)) {
      await rehash(await hashPassword(password));
      return true;
    }
  }
  return false;
}
