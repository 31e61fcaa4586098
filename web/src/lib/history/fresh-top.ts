/**
 * A list read again from the top while it shows more than its first page ("Show more"): the rows
 * read again replace those they cover, and the older rows, with their cursor, stay. New rows come
 * on top (positions only grow), so the user never loses what they asked to see.
 */
import type { HistoryPage, Placed } from "./history";

/** Whether `fresh`, read from the top, reaches down to `old`'s newest row: then no row is missing between them. */
export function reaches(old: readonly Placed[], fresh: HistoryPage<Placed>): boolean {
  const top = old[0];
  const last = fresh.items.at(-1);
  return fresh.next === null || top === undefined || last === undefined || BigInt(last.position) <= BigInt(top.position);
}

/** `old` with `fresh` (pages read from the top) in place of the rows they cover. When `fresh` does
 *  not reach `old` (more new rows than were read), it is the list: a list with a hole in it would
 *  be wrong, a shorter one is only shorter. */
export function withFreshTop<T extends Placed>(old: HistoryPage<T>, fresh: HistoryPage<T>): HistoryPage<T> {
  const last = fresh.items.at(-1);
  if (!last || fresh.next === null || !reaches(old.items, fresh)) return fresh;
  const cut = BigInt(last.position);
  const beyond = old.items.filter((row) => BigInt(row.position) < cut);
  return beyond.length === 0 ? fresh : { items: [...fresh.items, ...beyond], next: old.next };
}
