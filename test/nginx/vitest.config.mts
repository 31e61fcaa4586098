/**
 * The nginx test (docs/testing.md §1): Debian's nginx, started by the test itself on free ports
 * with docs/nginx/app.conf, in front of stand-ins for the indexer's readers and the account API.
 */
import path from "node:path";

import { defineConfig } from "vitest/config";

export default defineConfig({
  root: path.resolve(import.meta.dirname, "../.."),
  test: {
    include: ["test/nginx/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    // The slowest test waits for the account API's read timeout (15 s).
    testTimeout: 60_000,
    hookTimeout: 30_000,
    retry: 0,
  },
});
