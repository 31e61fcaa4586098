/**
 * The browser synthesis of CI's fork run (test/fork/run.ts): the browser tests' setup (their global
 * setup forks BNB Chain, as the fork run sets BSC_FORK_URL), with only test/e2e/fork/.
 */
import { defineConfig } from "vitest/config";

import base from "./vitest.config.mts";

export default defineConfig({ ...base, test: { ...base.test, include: ["test/e2e/fork/**/*.test.ts"], exclude: [] } });
