/**
 * The indexing functions: every event of every indexed contract (src/contracts.ts) is recorded in
 * `event` with the accounts it names (`event_party`), then handed to its projection, if it has one
 * (src/projections.ts). Ponder allows one function per event, so both happen in it.
 *
 * Reorganisations are Ponder's: it writes unfinalised blocks at once and, when the node's chain
 * no longer has a block it indexed, reverts every row written since (docs/decisions/indexer.md).
 */
import { event as eventTable, eventParty } from "ponder:schema";

import { accountsIn, jsonArgs } from "./args";
import { INDEXED_CONTRACTS, eventsOf } from "./contracts";
import { placement } from "./position";
import { PROJECTIONS } from "./projections";
import { on } from "./registry";

for (const { name: contract, abi } of INDEXED_CONTRACTS) {
  for (const { name } of eventsOf(abi)) {
    const key = `${contract}:${name}`;
    const project = PROJECTIONS[key];
    on(key, async ({ event, context }) => {
      const where = placement(event);
      const sender = event.transaction.from.toLowerCase() as `0x${string}`;
      await context.db.insert(eventTable).values({ id: event.id, contract, name, sender, args: jsonArgs(event.args), logIndex: event.log.logIndex, ...where });
      const parties = new Set([sender, ...accountsIn(event.args)]);
      await context.db.insert(eventParty).values([...parties].map((account) => ({ id: `${event.id}:${account}`, account, eventId: event.id, position: where.position })));
      await project?.(event, context.db, context.contracts);
    });
  }
}

/** Projections must name real events: a typo or a renamed event would otherwise never run. */
const known = new Set(INDEXED_CONTRACTS.flatMap(({ name, abi }) => eventsOf(abi).map((item) => `${name}:${item.name}`)));
for (const key of Object.keys(PROJECTIONS)) {
  if (!known.has(key)) throw new Error(`src/projections.ts has '${key}', which no indexed ABI has`);
}
