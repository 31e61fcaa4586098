/**
 * A message: a translation key with its namespace, and its values. Keys are typed from the English
 * JSON files, so a key that does not exist fails `tsc` wherever one is passed (a toast, a field's
 * problem, a refusal, a transaction's outcome). A message holds the key, not the text, so what is
 * on screen follows a change of language.
 */
import type { CustomTypeOptions } from "i18next";

type Resources = CustomTypeOptions["resources"];

/** A key without its plural suffix: `tooManyAttempts_one` and `_other` are one message,
 *  `tooManyAttempts`, whose form i18next picks by its `count` (Intl.PluralRules). */
type WithoutPlural<K extends string> = K extends `${infer Base}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? Base : K;

/** Every leaf of a JSON object, as a dotted path. */
type LeafKeys<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${WithoutPlural<K>}` : LeafKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** 'namespace:dotted.key' for every string of every namespace. */
export type MessageKey = { [N in keyof Resources & string]: `${N}:${LeafKeys<Resources[N]>}` }[keyof Resources & string];

/** A key of the errors namespace: what a refusal, a field's problem or a failure says. */
export type ErrorKey = Extract<MessageKey, `errors:${string}`>;

export interface Message {
  key: MessageKey;
  params?: Record<string, string | number>;
}
