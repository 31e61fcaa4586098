/**
 * What every visit loads: the app's start (start.tsx, with React, the words, the router and the
 * app's frame it imports) and the small modules every page shares with the home page (reading the
 * chain, running an action, its button, the page frame). One chunk (with what they import) instead
 * of a dozen, each of which would cost the first download its own request and wrapper (about 5 kB
 * gzip in all; the start apart from the shared modules was 0.5 kB more, and its stylesheet apart
 * 0.3 kB). Vite's preload helper, which those modules' lazy imports use, is kept out of it in a chunk of
 * its own: in it, the entry of index.html would wait for the whole group before painting
 * anything (LCP 1.56 s instead of 0.91 s). Every module must stay in the graph of its group
 * (includeDependenciesRecursively): without it the app did not start.
 *
 * Each entry is a module of web/src (without its extension; its CSS module comes along) or a
 * folder (ending in '/'); app-core.test.ts checks each still exists and that nothing else matches.
 */
export const APP_CORE_MODULES = [
  "lib/actions/",
  "lib/product-api/use-pools",
  "lib/contracts/use-chain-query",
  "lib/contracts/use-contract-action",
  "lib/contracts/error-kinds",
  "lib/contracts/batch",
  "lib/contracts/rpc",
  "lib/contracts/rpc-errors",
  "lib/contracts/rpc-classify",
  "lib/contracts/rpc-pool",
  "lib/contracts/chain-status",
  "components/action-button",
  "components/tokens",
  "lib/contracts/chain-clock",
  "widgets/page",
  "components/ui",
  "components/message-note",
  "i18n/use-message",
  "lib/format/format",
  "widgets/status-banners",
  "widgets/wallet-button",
  "widgets/address-link",
  "lib/contracts/write",
  "lib/governance/coverage",
  "start",
] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A path's separators, either way. */
const separators = (text: string) => text.split("/").map(escape).join("[\\\\/]");

/** A module of `entries` (with its CSS module), or a file in a listed folder; never a module whose
 *  name only starts the same (pager.tsx is not page). */
function modulesOf(entries: readonly string[]): RegExp {
  return new RegExp(`[\\\\/]web[\\\\/]src[\\\\/](${entries.map((entry) => (entry.endsWith("/") ? separators(entry) : `${separators(entry)}\\.`)).join("|")})`);
}

export const APP_CORE = modulesOf(APP_CORE_MODULES);

/** The member card a signed-in home shows, with the account API's client it fetches the account
 *  with: one chunk rather than three (the card, the session calls, the client), 0.4 kB less of a
 *  signed-in first download. The account pages, which use the client, load the card with it. */
export const MEMBER_CARD_MODULES = ["widgets/member-card", "lib/account-api/use-member", "lib/account-api/session", "lib/account-api/client", "lib/account-api/account-errors"] as const;
const MEMBER_CARD = modulesOf(MEMBER_CARD_MODULES);

export const CHUNK_GROUPS = [
  { name: "preload-helper", test: /preload-helper/, priority: 2 },
  { name: "app-core", test: APP_CORE, priority: 1 },
  { name: "member-card", test: MEMBER_CARD, priority: 0 },
];
