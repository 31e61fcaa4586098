/**
 * The app's budgets, one definition for the two places that hold the app to them:
 * - `npm run bench` (scripts/bench/index.ts) checks them all;
 * - the browser suite, so `npm test` and CI, checks the bundle's and the requests' on its own
 *   production build and stack (test/e2e/budgets.test.ts), with the same measuring code
 *   (bundle.ts, screens.ts) and the same checks (below).
 * Lighthouse is the bench's alone (too slow for every run); gas budgets are in gas-report.ts, held
 * by `npm test` through the gas snapshot; the nonce issuance budget is in nonces.ts.
 */
import type { BundleReport, Size } from "./bundle";
import type { ScreenRequests } from "./screens";

/** Budgets and figures in kB of 1,000 bytes: the stricter reading of "150 kB". */
export const KB = 1000;

export const BUDGETS = {
  /** JS and CSS the browser fetches for the home route until its data shows, gzip, signed out and signed in. */
  homeInitialGzip: 150 * KB,
  /** What any page adds when first opened, gzip. */
  pageGzip: 60 * KB,
  /** Copies of ethers in the bundle (v6, or v5's @ethersproject packages). */
  ethersCopies: 1,
  /** JSON-RPC HTTP requests of a screen, from navigation to 'data shown' (screens.ts). */
  requestsPerScreen: 2,
  /** Lighthouse, home route: mobile's paints; performance and layout shift hold for the desktop preset too. */
  lighthouseFcpMs: 1000,
  lighthouseLcpMs: 1500,
  lighthousePerformance: 99,
  /** Total blocking time on the mobile preset (4x slower CPU): what startup keeps the page from answering. */
  lighthouseTbtMs: 150,
  lighthouseCls: 0.02,
} as const;

/** The indexer's budgets (scripts/bench/indexer.ts; docs/decisions/indexer.md). */
export const INDEXER_BUDGETS = {
  /** Events on chain before the backfill is timed: enough for a rate, not a start-up. */
  minEvents: 10_000,
  /** Backfill rate floor, events/s: a third of what it does here (about 770), far over one request per event. */
  minEventsPerSecond: 250,
  /** Blocks behind the local node's head, at most, while a block is mined every 500 ms. */
  lagBlocks: 2,
  /** A history route's p95 over HTTP with 100,000 rows in the tables, ms. */
  queryP95Ms: 50,
  /** Every route's p95 over HTTP, its largest pages of the heaviest account, 20 clients asking at once, ms. */
  routeP95Ms: 50,
  /** Events in the tables when the routes are timed under load: at least this many. */
  minRouteEvents: 50_000,
  /** A client's p95 while another holds 16 of the heaviest requests open, at most this many times its p95 alone. */
  starvationRatio: 2,
  /** JSON-RPC calls a second to the node while live (polling every 500 ms, a block every 500 ms). */
  liveCallsPerSecond: 10,
} as const;

export interface Check {
  what: string;
  value: string;
  budget: string;
  ok: boolean;
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/** A plain-text table, as the bench and the tests print their figures. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  return [line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

/** The bundle's budgets: the home route (what the browser fetched, signed out and signed in), the largest page, the copies of ethers. */
export function bundleChecks(home: { signedOut: Size; signedIn: Size }, bundle: BundleReport): Check[] {
  if (bundle.pages.length === 0) throw new Error("The build has no page chunk: the bundle analysis no longer finds the pages");
  const biggestPage = bundle.pages.reduce((max, page) => (page.gzip > max.gzip ? page : max), bundle.pages[0]);
  return [
    ...(["signedOut", "signedIn"] as const).map((state) => ({
      what: `home route's initial JS+CSS, ${state === "signedIn" ? "signed in" : "signed out"} (gzip)`,
      value: kb(home[state].gzip),
      budget: `<= ${kb(BUDGETS.homeInitialGzip)}`,
      ok: home[state].gzip <= BUDGETS.homeInitialGzip,
    })),
    { what: `largest page chunk (gzip): ${biggestPage.page}`, value: kb(biggestPage.gzip), budget: `<= ${kb(BUDGETS.pageGzip)}`, ok: biggestPage.gzip <= BUDGETS.pageGzip },
    { what: "copies of ethers", value: `${bundle.ethersCopies.length} (${bundle.ethersCopies.join(", ")})`, budget: `= ${BUDGETS.ethersCopies}`, ok: bundle.ethersCopies.length === BUDGETS.ethersCopies },
  ];
}

/** The requests' budget: every screen within it (the check names the screen with the most). */
export function requestChecks(screens: ScreenRequests[]): Check[] {
  if (screens.length === 0) throw new Error("No screen was measured");
  const most = screens.reduce((max, screen) => (screen.httpRequests > max.httpRequests ? screen : max), screens[0]);
  const over = screens.filter((screen) => screen.httpRequests > BUDGETS.requestsPerScreen);
  return [
    {
      what: `JSON-RPC HTTP requests per screen (most: ${most.route}${over.length > 1 ? `; over: ${over.map((screen) => screen.route).join(", ")}` : ""})`,
      value: String(most.httpRequests),
      budget: `<= ${BUDGETS.requestsPerScreen}`,
      ok: over.length === 0,
    },
  ];
}

/** The bundle's figures as the bench and the tests print them. */
export function bundleTable(home: { signedOut: Size; signedIn: Size }, bundle: BundleReport): string {
  return table(
    ["what", "gzip", "brotli", "files"],
    [
      ["home route, signed out (fetched by the browser)", kb(home.signedOut.gzip), kb(home.signedOut.brotli), String(home.signedOut.files)],
      ["home route, signed in (fetched by the browser)", kb(home.signedIn.gzip), kb(home.signedIn.brotli), String(home.signedIn.files)],
      ["entry + home page + English startup messages (manifest)", kb(bundle.homeStatic.gzip), kb(bundle.homeStatic.brotli), String(bundle.homeStatic.files)],
      ...bundle.pages.map((page) => [`+ page: ${page.page}`, kb(page.gzip), kb(page.brotli), String(page.files)]),
      ...bundle.otherLazy.map((chunk) => [`+ lazy: ${chunk.chunk}`, kb(chunk.gzip), kb(chunk.brotli), String(chunk.files)]),
      ["whole app", kb(bundle.whole.gzip), kb(bundle.whole.brotli), String(bundle.whole.files)],
    ],
  );
}

/** The checks as a table, each marked ok or OVER. */
export const checksTable = (checks: Check[]) => table(["what", "value", "budget", ""], checks.map((check) => [check.what, check.value, check.budget, check.ok ? "ok" : "OVER"]));
