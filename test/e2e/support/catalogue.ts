/**
 * The app's words, from its own catalogues (web/src/i18n/locales), for tests that find what a user
 * reads in a language other than English, or in every language.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import type { Language } from "../../../scripts/lib/app-pages";

const LOCALES = path.resolve(import.meta.dirname, "../../../web/src/i18n/locales");
const catalogues = new Map<string, Record<string, unknown>>();

/** The message `key` ("pages:mining.balance") in `language`, with its values put in; a counting
 *  message in the form the language's plural rules pick for `values.count`, as i18next does. */
export function said(key: string, language: Language = "en", values: Record<string, string> = {}): string {
  const [namespace, name] = key.split(":");
  const file = path.join(LOCALES, language, `${namespace}.json`);
  let catalogue = catalogues.get(file);
  if (!catalogue) {
    catalogue = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    catalogues.set(file, catalogue);
  }
  const find = (dotted: string) => dotted.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
  const plural = values.count === undefined ? undefined : `${name}_${new Intl.PluralRules(language).select(Number(values.count))}`;
  const text = (plural !== undefined ? find(plural) : undefined) ?? find(name);
  if (typeof text !== "string") throw new Error(`No message ${key} in ${language}`);
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, value: string) => values[value] ?? "");
}
