/**
 * The record of everything (docs/decisions/indexer.md): each event in `event`, with its arguments
 * JSON-safe, and one row in `event_party` for each account it involves (its sender and every
 * address it names), which the activity route reads by account.
 */
import type { EventNames } from "ponder:registry";
import { event as eventTable, eventParty } from "ponder:schema";

import { accountsIn, jsonArgs, lower } from "./args";
import { placement } from "./position";
import type { Db, IndexedEvent } from "./registry";

/** Records one event: its row in `event`, and one in `event_party` for each account it involves. */
export async function record(key: EventNames, event: IndexedEvent, db: Db): Promise<void> {
  const [contract = "", name = ""] = key.split(":");
  const where = placement(event);
  const sender = lower(event.transaction.from);
  await db.insert(eventTable).values({ id: event.id, contract, name, sender, args: jsonArgs(event.args), logIndex: event.log.logIndex, ...where });
  const parties = new Set([sender, ...accountsIn(event.args)]);
  await db.insert(eventParty).values([...parties].map((account) => ({ id: `${event.id}:${account}`, account, eventId: event.id, position: where.position })));
}

