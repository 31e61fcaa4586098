/**
 * Account names and passwords as the API compares them, in one place (register, bind and the
 * throttle keys use it). Both are normalised to NFKC, so a name or password typed with composed or
 * decomposed accents, full-width or compatibility forms is the same one. Names are unique after
 * Unicode case folding: toUpperCase then toLowerCase after NFKC, so "ÖL" = "öl" and "STRASSE" =
 * "straße" (plain toLowerCase would keep ß apart from ss; SQLite's NOCASE folds ASCII only).
 * The name shown is kept as typed (after NFKC); the folded key decides uniqueness.
 */
import { ens_normalize } from "@adraffy/ens-normalize";

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

/** ASCII spaces and punctuation: word separators to the look-alike rule, which ENSIP-15 would refuse. */
const ASCII_SEPARATORS = /[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]+/g;

/**
 * Whether a name is free of look-alikes, by the rules wallets apply to ENS names (ENSIP-15, the
 * maintained `@adraffy/ens-normalize` that ethers uses): letters of one script ("аlice" with a
 * Cyrillic а mixes two), no character that is refused as too like another ("ạ", "ʟ"), and not a
 * name written entirely in letters that copy another script's ("аррӏе"). ASCII spaces and
 * punctuation only separate words here (ENS names have none), and a second name-part (a non-ASCII
 * full stop, which ENS reads as a dot) counts as a look-alike. docs/product/account-api.md §3.
 */
export function isFreeOfLookAlikes(name: string): boolean {
  const words = name.replace(ASCII_SEPARATORS, "-").replace(/^-|-$/g, "");
  if (words === "") return true;
  try {
    return !ens_normalize(words).includes(".");
  } catch {
    return false;
  }
}

/**
 * ASCII characters that pass for one another in the app's sans-serif font, where a name is shown as
 * typed: capital I, the digit 1 and the bar as l; the digit 0 as o. ENSIP-15 leaves them alone,
 * since an ENS name is shown in lower case.
 */
const ASCII_LOOK_ALIKES: Readonly<Record<string, string>> = { I: "l", "1": "l", "|": "l", "0": "o" };
/** Spaces, punctuation and math or modifier symbols between words, one for another ("O'Brien" and
 *  "O’Brien", "a-b" and "a–b", "a/b" and "a⁄b"). Emoji and other symbols are not: they show. */
const SEPARATORS = /[\p{Z}\p{P}\p{Sm}\p{Sk}]+/gu;

/**
 * The key two names share when one could be taken for the other: a new name whose look-alike key an
 * account has is taken (docs/product/account-api.md §3). Separators are one, the ASCII look-alikes
 * one letter, then case is folded as for the account key.
 */
export function lookAlikeKey(name: string): string {
  const mapped = [...name.normalize("NFKC")].map((character) => ASCII_LOOK_ALIKES[character] ?? character).join("");
  return accountKey(mapped.replace(SEPARATORS, "-").replace(/^-|-$/g, ""));
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
