/**
 * The first block the indexer reads (docs/operations.md §5): INDEXER_START_BLOCK when set, else the
 * address book's `startBlock`, the first block of its deployment (scripts/lib/deploy.ts writes it).
 * Never 0 by default: on BNB Chain or a fork of it, block 0 means asking for fifty million blocks of
 * logs, which a fork's node passes to its upstream and the upstream refuses, and the backfill stays
 * at 0% (a `npm run dev` on a fork waited 180 s for nothing). Without either, one sentence.
 */
export function startBlockOf(variable: string | undefined, fromBook: unknown, bookName: string): number {
  if (variable !== undefined && variable !== "") {
    const block = Number(variable);
    if (!/^\d+$/.test(variable) || !Number.isSafeInteger(block)) throw new Error(`INDEXER_START_BLOCK must be a block number, got '${variable}'.`);
    return block;
  }
  if (fromBook === undefined) {
    throw new Error(
      `${bookName} does not say which block its deployment began in (startBlock), and INDEXER_START_BLOCK is not set: set it to the block the first product contract was deployed in (docs/operations.md §5).`,
    );
  }
  if (typeof fromBook !== "number" || !Number.isSafeInteger(fromBook) || fromBook < 0) throw new Error(`${bookName} has a startBlock that is not a block number: ${JSON.stringify(fromBook)}.`);
  return fromBook;
}
