/**
 * What a mainnet build leaves out: the contracts console (web/src/features/diagnostics/console)
 * and the dev wallet exist in local and fork builds only (the testnet's build is searched the same
 * way by testnet.test.ts). A mainnet build is made here (with the
 * unit tests' fixed address book: the product's mainnet addresses are not known yet) and every
 * file it wrote is searched for each one's marks, which the browser tests' local build must have
 * (so a mark that no longer names its code fails here, rather than proving nothing).
 */
import { rmSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ROOT, VITE_ARGS, bin, runToEnd } from "../../scripts/lib/stack";
import { E2E_DIST, RESULTS_DIR } from "./global-setup";
import { LOCAL_ONLY_MARKS, localOnlyMarksIn, scriptsOf } from "./support/build";

const MAINNET_DIST = path.join(RESULTS_DIR, "mainnet-dist");

describe("a mainnet build", () => {
  beforeAll(async () => {
    await runToEnd("vite build (mainnet)", bin("vite"), ["build", ...VITE_ARGS], {
      NODE_ENV: "production",
      NETWORK: "mainnet",
      ADDRESS_BOOK: path.join(ROOT, "web/src/test/fixtures/address-book.json"),
      WEB_OUT_DIR: MAINNET_DIST,
      BUNDLE_STATS: "",
    });
  }, 180_000);

  afterAll(() => rmSync(MAINNET_DIST, { recursive: true, force: true }));

  it("has none of the console's code nor the dev wallet's key, which the local build has", () => {
    expect(scriptsOf(MAINNET_DIST).length).toBeGreaterThan(100_000);
    // Every mark is in the local build: one that no longer names its code fails here.
    expect(localOnlyMarksIn(E2E_DIST)).toEqual(Object.entries(LOCAL_ONLY_MARKS).flatMap(([part, marks]) => marks.map((mark) => `${part}: ${mark}`)));
    expect(localOnlyMarksIn(MAINNET_DIST)).toEqual([]);
  });
});
