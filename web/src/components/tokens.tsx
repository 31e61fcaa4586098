import { useTranslation } from "react-i18next";

import { formatAmount, formatCompact, groupDigits, isUnlimited } from "@/lib/format/format";

/** A token amount with its symbol; "…" (marked busy) until it is known. */
export function TokenAmount({ value, symbol, digits = 4 }: { value: bigint | undefined; symbol?: string; digits?: number }) {
  return (
    <span className="amount">
      {value === undefined ? <span aria-busy="true">…</span> : formatAmount(value, digits)}
      {symbol && <span className="unit"> {symbol}</span>}
    </span>
  );
}

/** An allowance: 'Unlimited' for the maximum a wallet grants (a 78-digit number otherwise). */
export function AllowanceAmount({ value, symbol }: { value: bigint | undefined; symbol: string }) {
  const { t } = useTranslation("common");
  if (value !== undefined && isUnlimited(value)) {
    return (
      <span className="amount">
        {t("amounts.unlimited")}
        <span className="unit"> {symbol}</span>
      </span>
    );
  }
  return <TokenAmount value={value} symbol={symbol} />;
}

/** An amount in a small tile: abbreviated so it stays on one line (the exact figure in its title). */
export function CompactAmount({ value }: { value: bigint | undefined }) {
  if (value === undefined) {
    return (
      <span aria-busy="true">
        …
      </span>
    );
  }
  return (
    <span className="amount" title={formatAmount(value, 18)}>
      {formatCompact(value)}
    </span>
  );
}

/** A whole count with its unit ('1,000 hashrate', '6 members'); "…" (busy) until known. */
export function Figure({ value, unit }: { value: bigint | undefined; unit: "hashrate" | "members" }) {
  const { t } = useTranslation("pages");
  if (value === undefined) {
    return (
      <span aria-busy="true">
        …
      </span>
    );
  }
  return (
    <span className="amount">
      {groupDigits(value)}
      <span className="unit"> {t(`units.${unit}`)}</span>
    </span>
  );
}
