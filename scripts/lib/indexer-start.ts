/**
 * The indexer's start block checked against the chain it is about to read, before it starts: a
 * start the chain cannot serve is one sentence now, not a backfill that never moves and a wait for
 * the indexer to be ready (docs/operations.md §5).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { startBlockOf } from "../../indexer/start-block";
import { rpc } from "./json-rpc";

/** The block the indexer will start at for `addressBook` (indexer/ponder.config.ts reads it the same way). */
export function indexerStartBlock(addressBook: string, env: NodeJS.ProcessEnv = process.env): number {
  const book = JSON.parse(readFileSync(addressBook, "utf8")) as { startBlock?: unknown };
  return startBlockOf(env.INDEXER_START_BLOCK, book.startBlock, path.basename(addressBook));
}

/**
 * Throws one sentence when `startBlock` cannot be right for the node at `rpcUrl`: past its head, or,
 * on a fork (Hardhat's `hardhat_metadata` says so), at or before the fork block, where every log
 * would be asked of the forked chain's node and nothing of the product can be.
 */
export async function checkIndexerStart(rpcUrl: string, startBlock: number): Promise<void> {
  const head = Number(await rpc<string>(rpcUrl, "eth_blockNumber"));
  if (startBlock > head + 1) {
    throw new Error(`The indexer's start block ${startBlock} is past the chain's head (${head}): the address book is from another chain, or INDEXER_START_BLOCK is wrong.`);
  }
  const metadata = await rpc<{ forkedNetwork?: { forkBlockNumber: number } }>(rpcUrl, "hardhat_metadata").catch(() => undefined);
  const forkBlock = metadata?.forkedNetwork?.forkBlockNumber;
  if (forkBlock !== undefined && startBlock <= forkBlock) {
    throw new Error(
      `The indexer would start at block ${startBlock}, but this chain forks BNB Chain at block ${forkBlock}: every block up to it would be asked of the forked chain's node, and the product's contracts are all deployed after it. Leave INDEXER_START_BLOCK unset (the address book's startBlock is right) or set it past ${forkBlock}.`,
    );
  }
}
