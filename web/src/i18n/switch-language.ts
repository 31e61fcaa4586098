/**
 * The language switch of the menu: the new language's messages are loaded first (every catalogue
 * the app uses now), and the language changes only once they are there. i18next would change it
 * at once and, offline, fall back to English for whatever it could not load; here the current
 * language stays, whole, and the caller says the switch failed.
 */
import { NAMESPACES, i18next, loadMessages } from "./index";
import type { Locale } from "./locale";

/** True once the app speaks `language`; false (nothing changed) when its messages could not be loaded. */
export async function switchLanguage(language: Locale): Promise<boolean> {
  const inUse = NAMESPACES.filter((namespace) => i18next.hasResourceBundle(i18next.language, namespace));
  try {
    await loadMessages(inUse, language);
  } catch {
    return false;
  }
  await i18next.changeLanguage(language);
  return true;
}
