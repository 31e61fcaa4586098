import { formatAmount } from "./format";

/** A token amount with its symbol; "…" (marked busy) until it is known. */
export function TokenAmount({ value, symbol, digits = 4, testId }: { value: bigint | undefined; symbol?: string; digits?: number; testId?: string }) {
  return (
    <span data-testid={testId}>
      {value === undefined ? <span aria-busy="true">…</span> : formatAmount(value, digits)}
      {symbol && <span style={{ color: "var(--text-dim)" }}> {symbol}</span>}
    </span>
  );
}
