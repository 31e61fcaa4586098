/**
 * `npm run test:api:postgres`: the account API's whole suite again, on a private PostgreSQL server
 * (scripts/lib/postgres.ts) instead of PGlite: the harness gives each data directory a database of
 * its own on it (API_TEST_POSTGRES). Fails, never skips, without PostgreSQL (docs/testing.md).
 */
import { spawn } from "node:child_process";

import { freePort } from "../../scripts/lib/free-port";
import { startPostgres } from "../../scripts/lib/postgres";
import { ROOT } from "../../scripts/lib/stack";

async function main(): Promise<number> {
  const server = await startPostgres(await freePort());
  try {
    const suite = spawn("npx", ["hardhat", "test", ...process.argv.slice(2)], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, API_TEST_POSTGRES: server.url },
    });
    return await new Promise<number>((resolve) => suite.once("exit", (code) => resolve(code ?? 1)));
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
