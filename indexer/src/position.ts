/**
 * Where an event is in the chain, as one number: block * 1,000,000 + log index. Sorting by it is
 * sorting by (block, log index); a block would need a million logs to break it (BNB Chain's gas
 * limit allows a few tens of thousands). It is every list's cursor (src/api/page.ts).
 */
import type { IndexedEvent } from "./registry";

export const LOGS_PER_BLOCK = 1_000_000n;

export function positionOf(event: IndexedEvent): bigint {
  return event.block.number * LOGS_PER_BLOCK + BigInt(event.log.logIndex);
}

/** The columns every history row has (ponder.schema.ts `placed`). */
export function placement(event: IndexedEvent) {
  return { position: positionOf(event), blockNumber: event.block.number, time: event.block.timestamp, txHash: event.transaction.hash };
}
