/**
 * `npm run test:checks`: every check that needs no browser, two at a time (each is mostly one
 * process, and the machine has two cores), the invariant suite, the longest, first
 * (docs/testing.md §1).
 */
import { runGroups } from "./lib/run-groups";

const CHECKS: Array<{ name: string; command: string }> = [
  { name: "invariant", command: "npm run test:invariant" },
  { name: "lint", command: "npm run lint" },
  { name: "typecheck", command: "npm run typecheck" },
  { name: "contracts", command: "npm run test:contracts -- --no-compile" },
  { name: "api", command: "npm run test:api -- --no-compile" },
  { name: "api-postgres", command: "npm run test:api:postgres -- --no-compile" },
  { name: "indexer", command: "npm run test:indexer" },
  { name: "nginx", command: "npm run test:nginx" },
  { name: "fork", command: "npm run test:fork" },
  { name: "mutate-sample", command: "npm run test:mutate-sample" },
];

runGroups(CHECKS, 2).then(
  (passed) => {
    if (!passed) process.exitCode = 1;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
