/**
 * Account names and passwords as the API compares them, in one place (register, bind and the
 * throttle keys use it). Both are normalised to NFKC, so a name or password typed with composed or
 * decomposed accents, full-width or compatibility forms is the same one. Names are unique after
 * Unicode case folding: toUpperCase then toLowerCase after NFKC, so "ÖL" = "öl" and "STRASSE" =
 * "straße" (plain toLowerCase would keep ß apart from ss; SQLite's NOCASE folds ASCII only).
 * The name shown is kept as typed (after NFKC); the folded key decides uniqueness.
 */
import { badRequest } from "./errors";

export const ACCOUNT_MAX = 32;

/**
 * What a name may not contain: control characters (Cc), format characters (Cf: zero-width
 * spaces and joiners, soft hyphen, byte order mark, every bidirectional override, embedding and
 * isolate), line and paragraph separators, surrogates, private use, and every other default
 * ignorable code point (Hangul fillers, variation selectors), which render as nothing, and the
 * Braille blank (U+2800), a letter that looks like nothing.
 * web/src/features/account/rules.ts holds the same; test/api/Messages.test.ts checks they agree.
 */
export const ACCOUNT_FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** An account name as typed, in NFKC, trimmed; refused when empty, too long, or with a forbidden character. */
export function parseAccountName(value: unknown): string {
  if (typeof value !== "string") throw badRequest("enterAccount");
  const name = value.normalize("NFKC").trim();
  if (name === "") throw badRequest("enterAccount");
  if (ACCOUNT_FORBIDDEN.test(name)) throw badRequest("accountCharacters");
  if ([...name].length > ACCOUNT_MAX) throw badRequest("accountLength", { max: ACCOUNT_MAX });
  return name;
}

/** The key two names share when they are the same account. */
export function accountKey(name: string): string {
  return name.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
}

export function normalizePassword(password: string): string {
  return password.normalize("NFKC");
}

/**
 * The forms a password may have been hashed in before passwords were normalised (schema 3): as
 * typed, which may have been either Unicode form. Tried only for an account whose hash is older.
 */
export function legacyPasswordForms(password: string): string[] {
  return [...new Set([password, password.normalize("NFC"), password.normalize("NFD")])].filter((form) => form !== normalizePassword(password));
}
