/**
 * The indexer's configuration (docs/decisions/indexer.md): the product's contracts on BNB Chain (the
 * local chain uses the same id, 56), their ABIs read from contracts-abi/ and their addresses from an
 * address book written by deploy. Every setting comes from the environment (docs/operations.md §5):
 *
 * - INDEXER_RPC_URL (http://127.0.0.1:8545): the node it reads, with `eth_getLogs`.
 * - ADDRESS_BOOK (deployments/local.json): where the contracts are.
 * - INDEXER_START_BLOCK: the first block to read; unset, the address book's `startBlock`, the first
 *   block of its deployment (scripts/lib/deploy.ts writes it). Never 0 by default: on BNB Chain, or a
 *   fork of it, that is fifty million blocks of logs to ask for. An address book without it (one
 *   written by hand for mainnet) needs the variable: the block the first product contract was
 *   deployed in.
 * - DATABASE_URL: PostgreSQL; without it, an embedded PGlite in INDEXER_DATA_DIR (.data/indexer).
 * - INDEXER_POLLING_MS (500): how often it asks the node for a new block; under BNB Chain's block
 *   time (0.75 s), so that it is at most a block or two behind (scripts/bench/indexer.ts).
 * - INDEXER_RPC_CACHE=off: no cache of the node's answers, for a chain that restarts under the same
 *   id (the local one): a cache would serve the previous chain's blocks.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { createConfig } from "ponder";
import { isAddress, type Address } from "viem";

import { AccessManagerAbi, CommunityAbi, MainAbi, MvMarketAbi, RevenueAbi, SwapAbi } from "./src/abis.generated";
import type { IndexedContract } from "./src/contracts";
import { startBlockOf } from "./start-block";

// vite-node, which runs this file, gives import.meta.url but not import.meta.dirname.
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BSC_CHAIN_ID = 56;

interface AddressBook {
  chainId: number;
  startBlock?: unknown;
  contracts: Record<string, string>;
}

function readAddressBook(file: string): AddressBook {
  const book = JSON.parse(readFileSync(file, "utf8")) as AddressBook;
  if (book.chainId !== BSC_CHAIN_ID) throw new Error(`${file} is for chain ${book.chainId}, not BNB Chain (${BSC_CHAIN_ID})`);
  return book;
}

const env = process.env;
const bookFile = path.resolve(ROOT, env.ADDRESS_BOOK ?? "deployments/local.json");
const book = readAddressBook(bookFile);
const startBlock = startBlockOf(env.INDEXER_START_BLOCK, book.startBlock, path.relative(ROOT, bookFile));

function addressOf(name: IndexedContract): Address {
  const address = book.contracts[name];
  if (!address || !isAddress(address, { strict: false })) throw new Error(`The address book has no address for ${name}`);
  return address;
}

export default createConfig({
  database: env.DATABASE_URL
    ? { kind: "postgres", connectionString: env.DATABASE_URL }
    : { kind: "pglite", directory: path.resolve(ROOT, env.INDEXER_DATA_DIR ?? ".data/indexer") },
  chains: {
    bsc: {
      id: BSC_CHAIN_ID,
      rpc: env.INDEXER_RPC_URL ?? "http://127.0.0.1:8545",
      pollingInterval: Number(env.INDEXER_POLLING_MS ?? 500),
      disableCache: env.INDEXER_RPC_CACHE === "off",
    },
  },
  // Written out contract by contract (src/contracts.ts lists the same): Ponder types each event's
  // arguments from its contract's entry here, which a map over a list would make one wide type.
  contracts: {
    Main: { chain: "bsc", abi: MainAbi, address: addressOf("Main"), startBlock },
    Revenue: { chain: "bsc", abi: RevenueAbi, address: addressOf("Revenue"), startBlock },
    Community: { chain: "bsc", abi: CommunityAbi, address: addressOf("Community"), startBlock },
    Swap: { chain: "bsc", abi: SwapAbi, address: addressOf("Swap"), startBlock },
    MvMarket: { chain: "bsc", abi: MvMarketAbi, address: addressOf("MvMarket"), startBlock },
    AccessManager: { chain: "bsc", abi: AccessManagerAbi, address: addressOf("AccessManager"), startBlock },
  },
});
