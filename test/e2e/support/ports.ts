/**
 * E2E_PORT_OFFSET moves every port the browser tests open (their stack, and the `npm run dev` the
 * dev test starts), so that two checkouts can run them at once: 1,000 apart, since
 * `npm run test:e2e` uses the offset and the offset + 500 (test/e2e/run.ts).
 */
/** The largest offset: ports stay below 65,536. */
export const MAX_PORT_OFFSET = 30_000;

export function portOffset(): number {
  const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > MAX_PORT_OFFSET) {
    throw new Error(`E2E_PORT_OFFSET must be a whole number up to ${MAX_PORT_OFFSET}, got "${process.env.E2E_PORT_OFFSET}"`);
  }
  return offset;
}
