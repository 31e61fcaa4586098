/**
 * Ponder's registry as the handlers use it. The ABIs are TypeScript constants generated from
 * contracts-abi/ (src/abis.generated.ts), so `ponder.on` types each event's arguments from its ABI:
 * a handler reading an argument its event no longer has does not type-check.
 *
 * `on` is `ponder.on`, also noting which events have a handler of their own (src/projections.ts),
 * so that src/index.ts registers its generic one for the others only: Ponder takes one function
 * per event.
 */
import type { Block, Log, Transaction } from "ponder";
import { ponder, type Context, type EventNames } from "ponder:registry";

/** The handlers' database (the same for every event). */
export type Db = Context["db"];

/** What the generic record (src/index.ts) and the shared readers (src/position.ts) need of any event. */
export interface IndexedEvent {
  id: string;
  args: Readonly<Record<string, unknown>>;
  log: Pick<Log, "logIndex">;
  block: Pick<Block, "number" | "timestamp">;
  transaction: Pick<Transaction, "hash" | "from">;
}

/** Events that have a handler of their own. */
export const HANDLED = new Set<EventNames>();

/** `ponder.on`, noting the event as handled. */
export function on<name extends EventNames>(key: name, handler: Parameters<typeof ponder.on<name>>[1]): void {
  HANDLED.add(key);
  ponder.on(key, handler);
}
