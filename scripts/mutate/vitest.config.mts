/**
 * The web app's Vitest config for Stryker (scripts/mutate/stryker.config.mjs): the same build and
 * setup, with only the tests beside the money logic that Stryker mutates, so each mutant is
 * judged by the unit tests of its rule (docs/testing.md §8). The screen tests render whole pages
 * and would run for every mutant of the formatting all pages use: hours instead of minutes.
 */
import type { ConfigEnv, UserConfig } from "vite";

import webConfig from "../../web/vite.config.mts";

const MONEY_LOGIC_TESTS = [
  "src/lib/format/parse.test.ts",
  "src/lib/format/decimal.test.ts",
  "src/lib/format/format.test.ts",
  "src/lib/contracts/tolerance.test.ts",
  "src/lib/contracts/rpc-pool.test.ts",
  "src/lib/spending/*.test.{ts,tsx}",
  "src/features/mining/synthesis.test.ts",
  "src/features/exchange/exchange.test.ts",
  "src/features/market/market.test.ts",
  "src/features/market/fills.test.ts",
  "src/features/earnings/claim.test.ts",
];

export default (env: ConfigEnv): UserConfig => {
  const config = (webConfig as (env: ConfigEnv) => UserConfig)(env);
  return { ...config, test: { ...config.test, include: MONEY_LOGIC_TESTS } };
};
