/**
 * Ponder's registry, typed for ABIs read from JSON. Ponder infers each event's arguments from an
 * ABI written as a TypeScript constant; contracts-abi/*.json is the product's interface and is
 * read as it is (src/contracts.ts), so the arguments are checked when read instead, by
 * src/args.ts: an ABI that changes under a handler fails loudly at the first event, not silently.
 */
import type { Block, Log, Transaction, Virtual } from "ponder";
import { ponder } from "ponder:registry";
import type * as schema from "ponder:schema";

import type config from "../ponder.config";

export type Db = Virtual.Context<typeof config, typeof schema, "Main:setup">["db"];

export interface IndexedEvent {
  id: string;
  args: Readonly<Record<string, unknown>>;
  log: Pick<Log, "logIndex">;
  block: Pick<Block, "number" | "timestamp">;
  transaction: Pick<Transaction, "hash" | "from">;
}

/** Where each indexed contract is, by its name in src/contracts.ts (Ponder's `context.contracts`). */
export type Deployed = Readonly<Record<string, { readonly address?: unknown }>>;

export interface HandlerContext {
  db: Db;
  contracts: Deployed;
}

export type Handler = (args: { event: IndexedEvent; context: HandlerContext }) => Promise<void>;

/** `ponder.on` for "<Contract>:<Event>" names read from the ABIs. */
export function on(name: string, handler: Handler): void {
  // Called as a method: Ponder's `on` keeps the functions on its registry object.
  (ponder as unknown as { on(name: string, handler: Handler): void }).on(name, handler);
}
