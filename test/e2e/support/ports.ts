/**
 * E2E_PORT_OFFSET moves every port the browser tests open (their stack, and the `npm run dev` the
 * dev test starts), so that two checkouts can run them at once.
 */
export function portOffset(): number {
  const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > 30_000) {
    throw new Error(`E2E_PORT_OFFSET must be a whole number up to 30000, got "${process.env.E2E_PORT_OFFSET}"`);
  }
  return offset;
}
