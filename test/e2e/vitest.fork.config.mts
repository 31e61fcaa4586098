/**
 * The browser test of CI's fork run (test/fork/run.ts): `npm run dev` on a fork of the stand-in BNB
 * Chain (fork/dev-stack.ts, the whole stack, indexer included), with only test/e2e/fork/.
 */
import { defineConfig } from "vitest/config";

import base from "./vitest.config.mts";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["test/e2e/fork/**/*.test.ts"],
    exclude: [],
    globalSetup: ["test/e2e/fork/dev-stack.ts"],
    // The dev command compiles, starts a forking node, deploys, seeds and indexes before it is ready.
    hookTimeout: 360_000,
    testTimeout: 120_000,
  },
});
