import { useCallback } from "react";
import { useTranslation } from "react-i18next";

import type { Message } from "@/i18n/message";

/** A `t` that takes keys chosen at run time. The typed `t` only takes keys known at compile
 *  time; messages (a key with its namespace, and values) are the one place that relaxes it. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

export function translateMessage(t: unknown, message: Message): string {
  return (t as Translate)(message.key, message.params);
}

/** Translates messages, and says whether it can yet: the error messages load on first use. */
export function useMessages(): { translate: (message: Message) => string; ready: boolean } {
  const { t, ready } = useTranslation(["common", "errors", "pages", "activity"]);
  const translate = useCallback((message: Message) => (ready ? translateMessage(t, message) : ""), [t, ready]);
  return { translate, ready };
}

/** Translates messages ("" for the moment the error messages take to load on first use). */
export function useMessage(): (message: Message) => string {
  return useMessages().translate;
}
