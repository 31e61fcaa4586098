/**
 * The app's budgets of bytes and requests, held by `npm test` (the benchmark checks them too, with
 * Lighthouse's; the budgets and the checks are scripts/bench/budgets.ts, the measuring code is the
 * benchmark's own):
 * - the production build the browser tests run against: the JS and CSS the browser fetches for the
 *   home route until its data shows (signed out and signed in) <= 150 kB gzip, no page adding more
 *   than 60 kB gzip, one copy of ethers;
 * - JSON-RPC HTTP requests of every screen, from navigation to 'data shown', counted by the proxies
 *   in front of the node (both endpoints): at most 2.
 * The figures are printed, so a CI log shows them.
 */
import { describe, expect, inject, it } from "vitest";

import { BUDGETS, bundleChecks, bundleTable, checksTable, kb, requestChecks, table, type Check } from "../../scripts/bench/budgets";
import { analyseBundle, sizeOfFiles } from "../../scripts/bench/bundle";
import { homeDownload, measureRequests, signInAlice } from "../../scripts/bench/screens";
import { E2E_BUNDLE_STATS, E2E_DIST } from "./global-setup";
import { launchBrowser } from "./support/browser";
import { countedEndpoints } from "./support/endpoints";

/** Prints the checks, and fails naming each one broken with its figure and budget. */
function expectWithin(checks: Check[]): void {
  console.log(checksTable(checks));
  const broken = checks.filter((check) => !check.ok).map((check) => `${check.what}: ${check.value}, budget ${check.budget}`);
  expect(broken, "budgets broken (scripts/bench/budgets.ts)").toEqual([]);
}

describe("budgets", () => {
  it(`bundle: home route <= ${kb(BUDGETS.homeInitialGzip)} gzip signed out and signed in, no page over ${kb(BUDGETS.pageGzip)} gzip, ${BUDGETS.ethersCopies} copy of ethers`, async () => {
    const { webUrl, nodeUrl } = inject("stack");
    const browser = await launchBrowser();
    const bundle = analyseBundle(E2E_DIST, E2E_BUNDLE_STATS);
    const token = await signInAlice(webUrl);
    // The file's one browser (support/browser.ts), closed by the setup after the file.
    const home = {
      signedOut: sizeOfFiles(E2E_DIST, await homeDownload(browser, webUrl, nodeUrl)),
      signedIn: sizeOfFiles(E2E_DIST, await homeDownload(browser, webUrl, nodeUrl, token)),
    };
    // A home route that fetched nothing would fit any budget.
    expect(home.signedOut.files, "files fetched signed out").toBeGreaterThan(0);
    expect(home.signedIn.files, "files fetched signed in").toBeGreaterThan(0);
    console.log(`Bundle of the browser tests' production build (${E2E_DIST})\n${bundleTable(home, bundle)}`);
    expectWithin(bundleChecks(home, bundle));
  });

  // Every screen opened three times (its code fetched, a screen that reads nothing, the screen counted).
  it(`requests: every screen makes at most ${BUDGETS.requestsPerScreen} JSON-RPC HTTP requests from navigation to 'data shown'`, { timeout: 180_000 }, async () => {
    const { webUrl, nodeUrl } = inject("stack");
    const screens = await measureRequests(await launchBrowser(), webUrl, nodeUrl, countedEndpoints);
    console.log(`JSON-RPC per screen, navigation to data shown\n${table(["screen", "HTTP requests / calls"], screens.map((screen) => [screen.route, `${screen.httpRequests} / ${screen.calls}`]))}`);
    expectWithin(requestChecks(screens));
  });
});
