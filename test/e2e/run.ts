/**
 * `npm run test:e2e`: the browser test files in two groups at once, each on a stack of its own
 * (global-setup.ts; the second's ports E2E_PORT_OFFSET + 500 apart). Within a group the files run
 * one at a time on one chain, as before. Much of a browser test is waiting (a stalled endpoint's
 * timeout, a cool-down, a block), so two groups on two cores take about half the time of one
 * (docs/testing.md §4). `npm run test:e2e -- <filter>` runs the matching files in one group.
 */
import { runGroups } from "../../scripts/lib/run-groups";
import { runHardhat } from "../../scripts/lib/stack";
import { MAX_PORT_OFFSET, portOffset } from "./support/ports";

const VITEST = "npx vitest run --config test/e2e/vitest.config.mts";

/** The first group: files that wait the most (for timeouts, a node that stops answering, the dev
 *  command's start), and the builds of their own (mainnet, testnet), which work while they wait:
 *  a little less than half the suite's time. Every other file, new ones included, runs in the second. */
const WAITING = ["rpc-failover", "phone", "dev", "hung-node", "wallets", "offline", "mainnet-bundle", "testnet"].map((name) => `test/e2e/${name}.test.ts`);

/** `text` as one word of a shell command (concurrently runs each through a shell): a test name
 *  given with -t keeps its spaces. */
const shellQuoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** Apart from the first group's ports by more than any of them spans (docs/operations.md §6). */
const SECOND_GROUP_OFFSET = 500;

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const offset = portOffset();
  if (filters.length === 0 && offset + SECOND_GROUP_OFFSET > MAX_PORT_OFFSET) {
    throw new Error(`E2E_PORT_OFFSET must be at most ${MAX_PORT_OFFSET - SECOND_GROUP_OFFSET} for two groups (the second is ${SECOND_GROUP_OFFSET} above it)`);
  }
  // Compiled once, here: each group's setup deploys with \`hardhat run\`, which would otherwise
  // compile in both at once after a contract changed, writing the same artifacts.
  await runHardhat(["compile", "--quiet"]);
  const commands =
    filters.length > 0
      ? [{ name: "browser", command: `${VITEST} ${filters.map(shellQuoted).join(" ")}` }]
      : [
          { name: "browser-1", command: `${VITEST} ${WAITING.join(" ")}` },
          {
            name: "browser-2",
            command: `${VITEST} ${WAITING.map((file) => `--exclude ${file}`).join(" ")}`,
            env: { E2E_PORT_OFFSET: String(offset + SECOND_GROUP_OFFSET) },
          },
        ];
  if (!(await runGroups(commands))) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
