/**
 * /health and /ready, in place of Ponder's (docs/decisions/indexer.md, "Health"): Ponder's /health
 * answers 200 while the database is down, and its /ready turns 200 once the backfill reaches the
 * finalized block, 30 blocks behind the head. Ponder reserves both paths and mounts the project's
 * API after its own routes; scripts/patches/ponder+0.16.10.patch mounts it first and frees these
 * two (docs/operations.md §5).
 *
 * - GET /health: 200 when the process is up and can read its tables (the indexed block), 503 when
 *   it cannot. What a load balancer checks on a reader.
 * - GET /ready: 200 when the backfill is done and the last block indexed is at most MAX_LAG_BLOCKS
 *   behind the node's head, asked of the node (eth_blockNumber) within HEAD_TIMEOUT_MS; 503
 *   otherwise, and when the database or the node does not answer in time. What a deployment waits
 *   for before sending readers to a new schema.
 *
 * The bodies say what is wrong in a few words (`{ "error": "..." }`), never why; the cause goes to
 * the log.
 */
import type { Hono } from "hono";
import { sql } from "ponder";
import { publicClients } from "ponder:api";
import { event } from "ponder:schema";
import { getTableConfig } from "drizzle-orm/pg-core";

import type { ApiEnv } from "./env";
import { logFailure } from "./errors";

/** Blocks the indexer may be behind the node's head and be ready: BNB Chain makes one about every 0.75 s. */
export const MAX_LAG_BLOCKS = 2;
/** How long /ready waits for the node's head. */
export const HEAD_TIMEOUT_MS = 2_000;

/** Where Ponder keeps its progress: the schema the tables are in (`--schema`). */
const schema = sql.identifier(getTableConfig(event).schema ?? "public");

/** The last block indexed, and whether the backfill is done (Ponder's _ponder_checkpoint and _ponder_meta). */
async function progress(read: ApiEnv["Variables"]["read"]): Promise<{ block: number; backfilled: boolean }> {
  const rows = await read(async (db) => {
    const result = await db.execute(
      sql`SELECT c.latest_checkpoint AS checkpoint, (m.value ->> 'is_ready') = '1' AS backfilled FROM ${schema}._ponder_checkpoint c CROSS JOIN ${schema}._ponder_meta m WHERE m.key = 'app'`,
    );
    return ("rows" in result ? result.rows : result) as { checkpoint: string; backfilled: boolean }[];
  });
  const [row] = rows;
  // Ponder's checkpoint: block time (10 digits), chain id (16), block number (16), then the event's place.
  return row ? { block: Number(row.checkpoint.slice(26, 42)), backfilled: row.backfilled } : { block: -1, backfilled: false };
}

/** One question to the node at a time, however many ask: a burst of /ready costs it one call. */
let asking: Promise<bigint> | undefined;
function chainHead(): Promise<bigint> {
  asking ??= Promise.race([
    // cacheTime 0: viem would otherwise answer from a cache as old as its polling interval (4 s).
    publicClients.bsc.getBlockNumber({ cacheTime: 0 }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the node did not answer within ${HEAD_TIMEOUT_MS} ms`)), HEAD_TIMEOUT_MS).unref()),
  ]).finally(() => {
    asking = undefined;
  });
  return asking;
}

export function healthRoutes(app: Hono<ApiEnv>): void {
  app.get("/health", async (c) => {
    try {
      await progress(c.var.read);
      return c.body(null, 200);
    } catch (error) {
      logFailure(c, error);
      return c.json({ error: "the database cannot be read" }, 503);
    }
  });

  app.get("/ready", async (c) => {
    let indexed: Awaited<ReturnType<typeof progress>>;
    try {
      indexed = await progress(c.var.read);
    } catch (error) {
      logFailure(c, error);
      return c.json({ error: "the database cannot be read" }, 503);
    }
    let head: bigint;
    try {
      head = await chainHead();
    } catch (error) {
      logFailure(c, error);
      return c.json({ error: "the node cannot be reached" }, 503);
    }
    const behind = Number(head) - indexed.block;
    if (!indexed.backfilled || behind > MAX_LAG_BLOCKS) return c.json({ error: "behind the chain", behind }, 503);
    return c.body(null, 200);
  });
}
