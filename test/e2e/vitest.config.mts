/**
 * The browser tests: Debian's Chromium, driven by playwright-core, against a production build of
 * the app, a `hardhat node` and the mock account API, all started by global-setup.ts. The files
 * share one chain, so they run one at a time.
 */
import path from "node:path";

import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  root: path.resolve(import.meta.dirname, "../.."),
  test: {
    include: ["test/e2e/**/*.test.ts"],
    // On a fork only (vitest.fork.config.mts, run by CI's fork run).
    exclude: [...configDefaults.exclude, "test/e2e/fork/**"],
    environment: "node",
    globalSetup: ["test/e2e/global-setup.ts"],
    setupFiles: ["test/e2e/support/isolate-chain.ts"],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // A failed scenario stays failed: a retry would hide a flaky app.
    retry: 0,
  },
});
