/**
 * Where the indexer starts (indexer/start-block.ts, scripts/lib/indexer-start.ts): at the first block
 * of the deployment the address book names, never at 0 by default; and a start block the chain
 * cannot serve (past its head, or at or before a fork's block) is refused in one sentence before
 * anything starts.
 */
import { createServer, type Server } from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, inject, it } from "vitest";

import { startBlockOf } from "../../indexer/start-block";
import { checkIndexerStart, indexerStartBlock } from "../../scripts/lib/indexer-start";
import { rpc } from "../../scripts/lib/json-rpc";
import { freePort } from "../../scripts/lib/free-port";

const { nodeUrl, addressBook } = inject("indexerChain");
const scratch = mkdtempSync(path.join(os.tmpdir(), "start-block-"));
const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A node that answers eth_blockNumber with `head` and hardhat_metadata as a fork of `forkBlock` would. */
async function forkLikeNode(head: number, forkBlock: number): Promise<string> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      const result = method === "eth_blockNumber" ? `0x${head.toString(16)}` : { forkedNetwork: { chainId: 56, forkBlockNumber: forkBlock } };
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ jsonrpc: "2.0", id, result }));
    });
  });
  servers.push(server);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return `http://127.0.0.1:${port}`;
}

describe("the indexer's start block", () => {
  it("is the first block of the deployment the address book names: nothing of the product before it, all of it after", async () => {
    const start = indexerStartBlock(addressBook, {});
    const book = JSON.parse(readFileSync(addressBook, "utf8")) as { startBlock: number; blockNumber: number; contracts: Record<string, string> };
    expect(start).toBe(book.startBlock);
    expect(start).toBeGreaterThan(0);
    for (const name of ["Main", "Revenue", "Community", "Swap", "MvMarket"]) {
      const address = book.contracts[name]!;
      expect(await rpc<string>(nodeUrl, "eth_getCode", [address, `0x${(start - 1).toString(16)}`]), `${name} before the start`).toBe("0x");
      expect(await rpc<string>(nodeUrl, "eth_getCode", [address, `0x${book.blockNumber.toString(16)}`]), `${name} once deployed`).not.toBe("0x");
    }
    await checkIndexerStart(nodeUrl, start);
  });

  it("is INDEXER_START_BLOCK when set, and refuses one that is not a block number", () => {
    expect(startBlockOf("1234", 7, "local.json")).toBe(1234);
    expect(startBlockOf("0", 7, "local.json")).toBe(0);
    expect(startBlockOf("", 7, "local.json")).toBe(7);
    for (const wrong of ["-1", "1e3", "12.5", "latest", " 12"]) {
      expect(() => startBlockOf(wrong, 7, "local.json")).toThrow(`INDEXER_START_BLOCK must be a block number, got '${wrong}'.`);
    }
  });

  it("is never 0 by default: an address book without it, and no INDEXER_START_BLOCK, is one sentence", () => {
    const handMade = path.join(scratch, "mainnet.json");
    writeFileSync(handMade, JSON.stringify({ chainId: 56, contracts: {} }));
    expect(() => indexerStartBlock(handMade, {})).toThrow(
      "mainnet.json does not say which block its deployment began in (startBlock), and INDEXER_START_BLOCK is not set: set it to the block the first product contract was deployed in (docs/operations.md §5).",
    );
    expect(indexerStartBlock(handMade, { INDEXER_START_BLOCK: "40000000" })).toBe(40_000_000);
    expect(() => startBlockOf(undefined, "12", "odd.json")).toThrow('odd.json has a startBlock that is not a block number: "12".');
  });

  it("past the chain's head is refused in one sentence", async () => {
    const head = Number(await rpc<string>(nodeUrl, "eth_blockNumber"));
    await checkIndexerStart(nodeUrl, head + 1);
    await expect(checkIndexerStart(nodeUrl, head + 2)).rejects.toThrow(
      `The indexer's start block ${head + 2} is past the chain's head (${head}): the address book is from another chain, or INDEXER_START_BLOCK is wrong.`,
    );
  });

  it("on a fork, at or before the fork block is refused in one sentence (the fork's node would ask its upstream for every block)", async () => {
    const fork = await forkLikeNode(50_000_031, 50_000_000);
    for (const start of [0, 1, 50_000_000]) {
      await expect(checkIndexerStart(fork, start)).rejects.toThrow(`The indexer would start at block ${start}, but this chain forks BNB Chain at block 50000000:`);
    }
    await checkIndexerStart(fork, 50_000_001);
  });
});
