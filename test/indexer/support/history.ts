/**
 * The tests' two views of history: what an indexer answers (its /history routes, every page
 * followed by cursor) and what the chain's logs say (eth_getLogs, decoded with contracts-abi/),
 * in the same shape, so that a test compares them whole.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { Interface, type JsonRpcProvider, type Result } from "ethers";

import { ROOT } from "../../../scripts/lib/stack";

/** The contracts the indexer follows (indexer/src/contracts.ts). */
export const INDEXED = ["Main", "Revenue", "Community", "Swap", "MvMarket", "AccessManager"] as const;

export interface EventRow {
  position: string;
  contract: string;
  name: string;
  args: Record<string, unknown>;
  blockNumber: string;
  txHash: string;
}

/** Every page of a /history list, newest first, following `next` with pages of `limit`; `route` may have a query of its own. */
export async function allPages<T>(indexerUrl: string, route: string, limit = 100): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const reply = await fetch(`${indexerUrl}/history${route}${route.includes("?") ? "&" : "?"}${query}`);
    if (!reply.ok) throw new Error(`${route}: ${reply.status} ${await reply.text()}`);
    const page = (await reply.json()) as { items: T[]; next: string | null };
    rows.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return rows;
}

/** Resolves once the indexer has indexed the node's latest block (Ponder's /status). */
export async function caughtUp(indexerUrl: string, provider: JsonRpcProvider, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = await provider.getBlockNumber();
    const status = (await (await fetch(`${indexerUrl}/status`)).json()) as { bsc?: { block: { number: number } } };
    if ((status.bsc?.block.number ?? -1) >= head) return;
    if (Date.now() > deadline) throw new Error(`The indexer at ${indexerUrl} is at block ${status.bsc?.block.number}, the node at ${head}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const plain = (value: unknown): unknown => {
  if (typeof value === "bigint" || typeof value === "number") return value.toString();
  if (typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value)) return value.toLowerCase();
  if (Array.isArray(value)) return value.map(plain);
  return value;
};

/** Every log of the indexed contracts, decoded, newest first: what `/history/events` must hold. */
export async function chainEvents(provider: JsonRpcProvider, addresses: Record<string, string>): Promise<EventRow[]> {
  const rows: EventRow[] = [];
  for (const contract of INDEXED) {
    const abi = new Interface(JSON.parse(readFileSync(path.join(ROOT, "contracts-abi", `${contract}.json`), "utf8")) as string[]);
    const logs = await provider.getLogs({ address: addresses[contract], fromBlock: 0, toBlock: "latest" });
    for (const log of logs) {
      const parsed = abi.parseLog(log);
      if (!parsed) throw new Error(`${contract} emitted a log its ABI does not have (${log.topics[0]})`);
      const args = Object.fromEntries(parsed.fragment.inputs.map((input, i) => [input.name, plain(toPlain((parsed.args as Result)[i]))]));
      rows.push({ position: (BigInt(log.blockNumber) * 1_000_000n + BigInt(log.index)).toString(), contract, name: parsed.name, args, blockNumber: String(log.blockNumber), txHash: log.transactionHash });
    }
  }
  return rows.sort((a, b) => (BigInt(b.position) > BigInt(a.position) ? 1 : -1));
}

/** An ethers Result (arrays of fixed size come as Results) as plain arrays. */
function toPlain(value: unknown): unknown {
  return value && typeof value === "object" && "toArray" in value ? (value as Result).toArray().map(toPlain) : value;
}
