/**
 * The indexer's tests (indexer/): one chain and one PostgreSQL server, started by global-setup.ts;
 * each file starts its indexers, one on PGlite and one on PostgreSQL, and checks both.
 */
import path from "node:path";

import { defineConfig } from "vitest/config";

export default defineConfig({
  root: path.resolve(import.meta.dirname, "../.."),
  test: {
    include: ["test/indexer/**/*.test.ts"],
    environment: "node",
    globalSetup: ["test/indexer/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    retry: 0,
  },
});
