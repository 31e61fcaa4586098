/**
 * Where every catalogue but those loaded at start is: one chunk each per namespace per language,
 * reached through this module's map (docs/decisions/lazy-catalogues.md). A module of its own,
 * loaded with the first of them (./index.ts): the home page's first download carries the map of
 * its own catalogues only, not that of every namespace in every language.
 */
export function catalogue(language: string, namespace: string): Promise<unknown> {
  return import(`./locales/${language}/${namespace}.json`);
}
