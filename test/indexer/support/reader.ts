/**
 * A reader as docs/operations.md §5 runs one: `ponder serve` on the writer's PostgreSQL schema,
 * serving the same routes read-only, on 127.0.0.1:`port`, once its /health answers 200.
 */
import { indexerStartBlock } from "../../../scripts/lib/indexer-start";
import { bin, startService, waitUntil, type Service } from "../../../scripts/lib/stack";

export interface ReaderOptions {
  port: number;
  /** The node its /ready asks for the chain's head. */
  rpcUrl: string;
  addressBook: string;
  databaseUrl: string;
  /** More settings (INDEXER_STATEMENT_TIMEOUT_MS…). */
  env?: NodeJS.ProcessEnv;
}

export async function startReader(options: ReaderOptions): Promise<Service> {
  const env: NodeJS.ProcessEnv = {
    PONDER_TELEMETRY_DISABLED: "1",
    DATABASE_URL: options.databaseUrl,
    ADDRESS_BOOK: options.addressBook,
    INDEXER_RPC_URL: options.rpcUrl,
    INDEXER_START_BLOCK: String(indexerStartBlock(options.addressBook)),
    ...options.env,
  };
  const args = ["serve", "--root", "indexer", "--schema", "history", "--hostname", "127.0.0.1", "--port", String(options.port)];
  const reader = startService("reader", bin("ponder"), args, env);
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntil(`the reader on ${url}`, async () => (await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) })).ok, reader, 120_000);
  } catch (error) {
    await reader.stop();
    throw error;
  }
  return reader;
}
