/**
 * The indexing functions: every event of every indexed contract (src/contracts.ts) is recorded in
 * `event` with the accounts it names (`event_party`); an event a page needs in a shape of its own
 * also has a projection, whose handler records it first (src/projections.ts). Ponder takes one
 * function per event: those without a projection get the record alone, here.
 *
 * Reorganisations are Ponder's: it writes unfinalised blocks at once and, when the node's chain
 * no longer has a block it indexed, reverts every row written since (docs/decisions/indexer.md).
 */
import { ponder, type EventNames } from "ponder:registry";

import { INDEXED_CONTRACTS, eventsOf } from "./contracts";
// Registers the projections' handlers first, so that HANDLED names them.
import "./projections";
import { record } from "./record";
import { HANDLED } from "./registry";

/** Every "<Contract>:<Event>" of the indexed ABIs: the names Ponder's registry types. */
const KNOWN = new Set(INDEXED_CONTRACTS.flatMap(({ name, abi }) => eventsOf(abi).map((item) => `${name}:${item.name}`)));
const isIndexedEvent = (key: string): key is EventNames => KNOWN.has(key);

for (const key of KNOWN) {
  if (!isIndexedEvent(key) || HANDLED.has(key)) continue;
  ponder.on(key, async ({ event, context }) => record(key, event, context.db));
}
