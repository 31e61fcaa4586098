/**
 * Counts read naturally in every language ("1 inviter", "2 inviters"): a message whose wording
 * depends on a number has a form per plural category, picked by i18next from its `count` with the
 * language's own rules (Intl.PluralRules: English one/other, Chinese other), and no English
 * message puts another number before a counted noun.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";

import { NAMESPACES } from "./index";
import { LOCALES } from "./locale";

const LOCALES_DIR = path.join(import.meta.dirname, "locales");
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function messages(locale: string, namespace: string, tree?: Tree, prefix = ""): Record<string, string> {
  const node = tree ?? (JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), "utf8")) as Tree);
  return Object.fromEntries(
    Object.entries(node).flatMap(([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value]] : Object.entries(messages(locale, namespace, value, `${prefix}${key}.`)))),
  );
}

/** Base key → the plural categories it has a form for. */
function pluralForms(all: Record<string, string>): Map<string, Set<string>> {
  const forms = new Map<string, Set<string>>();
  for (const key of Object.keys(all)) {
    const match = PLURAL.exec(key);
    if (match) forms.set(match[1]!, (forms.get(match[1]!) ?? new Set()).add(match[2]!));
  }
  return forms;
}

/**
 * English messages with a number before a plural noun that is not `count`, because the number is
 * a constant above one. Each says which constant.
 */
const CONSTANT_COUNTS: Record<string, string> = {
  "errors:accountLength": "max: the longest account name (ACCOUNT_MAX)",
  "errors:passwordLength": "min and max: the password's bounds (PASSWORD_MIN, PASSWORD_MAX)",
  "pages:account.passwordRule": "min and max: the password's bounds",
  "trade:fillLimit": "orders: the most orders one buy fills (the market's constant, 50)",
};
/** Words ending in s after a placeholder that are not counted nouns. */
const NOT_NOUNS = new Set(["is", "was", "has", "does", "passes", "takes", "ms"]);

describe("plural forms", () => {
  for (const locale of LOCALES) {
    it(`gives every counting message of ${locale} a form for each plural category of the language, each with {{count}}`, () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const namespace of NAMESPACES) {
        const all = messages(locale, namespace);
        for (const [base, forms] of pluralForms(all)) {
          for (const category of categories) expect(forms.has(category), `${locale}/${namespace}:${base}_${category}`).toBe(true);
          for (const form of forms) expect(all[`${base}_${form}`], `${locale}/${namespace}:${base}_${form}`).toContain("{{count}}");
        }
      }
    });
  }

  it("never puts a number before a counted English noun but through count and its plural forms", () => {
    const found: string[] = [];
    for (const namespace of NAMESPACES) {
      for (const [key, text] of Object.entries(messages("en", namespace))) {
        for (const [, name, word] of text.matchAll(/{{\s*(\w+)\s*}} ([a-z]+s)\b/g)) {
          if (NOT_NOUNS.has(word!)) continue;
          const counted = name === "count" && PLURAL.test(key);
          if (!counted && !CONSTANT_COUNTS[`${namespace}:${key}`]) found.push(`${namespace}:${key}: "{{${name}}} ${word}"`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("says one and many as English and Chinese readers expect", async () => {
    const i18n = createInstance();
    const resources = Object.fromEntries(LOCALES.map((locale) => [locale, { activity: messages(locale, "activity"), errors: messages(locale, "errors") }]));
    // The catalogues' keys are dotted paths here: no nesting, so keys are taken whole.
    await i18n.init({ resources, lng: "en", fallbackLng: false, keySeparator: false, interpolation: { escapeValue: false } });
    const event = "history.events.Community.PerformanceRecorded";
    // Keys as strings: this instance holds the catalogues flattened, not the app's typed resources.
    const say = (locale: string, key: string, values: Record<string, unknown>) => (i18n.getFixedT(locale) as unknown as (key: string, values: Record<string, unknown>) => string)(key, values);
    expect(say("en", `activity:${event}`, { count: 1, amount: "100", member: "Alice" })).toBe("100 USD of Alice's synthesis added to the team performance of 1 inviter");
    expect(say("en", `activity:${event}`, { count: 3, amount: "100", member: "Alice" })).toBe("100 USD of Alice's synthesis added to the team performance of 3 inviters");
    expect(say("en", "errors:tooManyAttempts", { count: 1 })).toBe("Too many failed attempts. Please try again in 1 second.");
    expect(say("en", "errors:tooManyAttempts", { count: 30 })).toBe("Too many failed attempts. Please try again in 30 seconds.");
    expect(say("zh-Hans", "errors:tooManyAttempts", { count: 1 })).toBe("失败次数过多，请 1 秒后再试。");
    expect(say("en", "activity:history.allFills", { count: 4000 })).toBe("Show all 4000 fills");
  });
});
