/**
 * What a mainnet build leaves out: the contracts console (web/src/features/diagnostics/console)
 * and the dev wallet exist in local and fork builds only. A mainnet build is made here (with the
 * unit tests' fixed address book: the product's mainnet addresses are not known yet) and every
 * file it wrote is searched for each one's marks, which the browser tests' local build must have
 * (so a mark that no longer names its code fails here, rather than proving nothing).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { E2E_DIST, RESULTS_DIR } from "./global-setup";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MAINNET_DIST = path.join(RESULTS_DIR, "mainnet-dist");

/** Strings only each part's code holds (a test id, a module's own words), not its translations. */
const LOCAL_ONLY = {
  "the contracts console": ["page-contracts-console", "console:bad.checksum"],
  // Its key (Hardhat's account #1, published and worthless) must never reach a mainnet page.
  "the dev wallet": ["59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"],
};

/** The text of every JavaScript file a build wrote. */
function scripts(dist: string): string {
  return readdirSync(path.join(dist, "assets"))
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(path.join(dist, "assets", file), "utf8"))
    .join("\n");
}

describe("a mainnet build", () => {
  beforeAll(() => {
    const built = spawnSync(path.join(ROOT, "node_modules/.bin/vite"), ["build", "--configLoader", "runner", "--config", "web/vite.config.mts"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", NETWORK: "mainnet", ADDRESS_BOOK: path.join(ROOT, "web/src/test/fixtures/address-book.json"), WEB_OUT_DIR: MAINNET_DIST, BUNDLE_STATS: "" },
      encoding: "utf8",
    });
    expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);
  }, 180_000);

  afterAll(() => rmSync(MAINNET_DIST, { recursive: true, force: true }));

  it.each(Object.entries(LOCAL_ONLY))("has none of %s's code, which the local build has", (_part, marks) => {
    const mainnet = scripts(MAINNET_DIST);
    const local = scripts(E2E_DIST);
    expect(mainnet.length).toBeGreaterThan(100_000);
    for (const mark of marks) {
      expect(local, `the local build has '${mark}'`).toContain(mark);
      expect(mainnet, `the mainnet build has '${mark}'`).not.toContain(mark);
    }
  });
});
