// @ts-check
/**
 * Stryker on the web app's money logic (npm run mutate, docs/testing.md §8): parsing what users
 * type, the bounds sent with each action, approve-then-act's decisions, number formatting and the
 * JSON-RPC endpoint pool. Vitest runs the unit tests beside those files (vitest.config.mts), with
 * coverage per test.
 * scripts/mutate/index.ts runs it and reads the JSON report; its survivors are either killed by a
 * test or listed in scripts/mutate/equivalent.json with the reason.
 */
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "scripts/mutate/vitest.config.mts", related: true },
  plugins: ["@stryker-mutator/vitest-runner"],
  coverageAnalysis: "perTest",
  mutate: [
    "web/src/lib/format/parse.ts",
    "web/src/lib/format/decimal.ts",
    "web/src/lib/format/format.ts",
    "web/src/lib/contracts/tolerance.ts",
    "web/src/lib/contracts/tolerance-input.ts",
    "web/src/store/settings-slice.ts",
    "web/src/lib/spending/spending-action.ts",
    "web/src/lib/spending/use-spending-flow.ts",
    "web/src/features/mining/synthesis.ts",
    "web/src/features/mining/synthesis-cost.ts",
    "web/src/features/exchange/exchange.ts",
    "web/src/features/market/market.ts",
    "web/src/features/market/fills.ts",
    "web/src/features/earnings/claim.ts",
    "web/src/lib/contracts/rpc-pool.ts",
  ],
  // Texts are message keys and log lines, not money: a changed string is the catalogue tests' business.
  mutator: { excludedMutations: ["StringLiteral"] },
  ignoreStatic: true,
  // Two cores, shared: one test process at a time.
  concurrency: 1,
  timeoutMS: 10000,
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  reporters: ["json", "clear-text", "progress"],
  jsonReporter: { fileName: ".mutate/stryker/mutation.json" },
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true, reportMutants: false },
  incremental: false,
  thresholds: { high: 95, low: 90, break: null },
};
