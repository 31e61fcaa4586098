import { useCallback } from "react";
import { useTranslation } from "react-i18next";

import type { Message } from "@/lib/toast/toast-store";

/** A `t` that takes keys chosen at run time. The typed `t` only takes keys known at compile
 *  time; messages (a key with its namespace, and values) are the one place that relaxes it. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

export function translateMessage(t: unknown, message: Message): string {
  return (t as Translate)(message.key, message.params);
}

/** Translates messages; loads the error messages if they are not yet, and says nothing until they are. */
export function useMessage(): (message: Message) => string {
  const { t, ready } = useTranslation(["common", "errors", "pages"]);
  return useCallback((message: Message) => (ready ? translateMessage(t, message) : ""), [t, ready]);
}
