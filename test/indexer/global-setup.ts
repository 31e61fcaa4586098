/**
 * What the indexer's tests run against, started once and stopped afterwards: a private PostgreSQL
 * server (support/postgres.ts), and a `hardhat node` with the contracts deployed and seeded
 * (scripts/lib/seed.ts: registrations, syntheses, orders listed, filled and withdrawn, a settler
 * change, a claim). The test files start their indexers themselves, one per database.
 */
import path from "node:path";

import type { TestProject } from "vitest/node";

import { ROOT, deploy, seed, startNode, type Service } from "../../scripts/lib/stack";
import { freePort } from "../../scripts/lib/free-port";
import { startPostgres, type Postgres } from "../../scripts/lib/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    indexerChain: { nodeUrl: string; addressBook: string; databaseUrl: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let postgres: Postgres | undefined;
  let node: Service | undefined;
  const teardown = async () => {
    await node?.stop();
    await postgres?.stop();
  };
  try {
    postgres = await startPostgres(await freePort());
    const nodePort = await freePort();
    node = await startNode(nodePort);
    const nodeUrl = `http://127.0.0.1:${nodePort}`;
    const addressBook = await deploy(nodeUrl, "indexer-test");
    await seed(nodeUrl, "indexer-test");
    project.provide("indexerChain", { nodeUrl, addressBook: path.relative(ROOT, addressBook), databaseUrl: postgres.url });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
