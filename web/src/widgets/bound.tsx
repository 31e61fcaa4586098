import { useTranslation } from "react-i18next";

import { TOLERANCE_PERCENT } from "@/lib/contracts/tolerance";

import { Note, Stat } from "@/components/ui";
import { formatAmount } from "@/lib/format/format";

/**
 * The bound a priced action sends (lib/contracts/tolerance), shown under the figure it comes from:
 * 'You pay at most 100.5 USDT' or 'You receive at least 49.75 X', and the tolerance in a note.
 */
export function BoundStat({ kind, value, symbol, testId }: { kind: "payAtMost" | "receiveAtLeast"; value: bigint | undefined; symbol: string; testId: string }) {
  const { t } = useTranslation("trade");
  return (
    <>
      <Stat label={t(kind)} value={<span data-testid={testId}>{value === undefined ? "—" : `${formatAmount(value, 6)} ${symbol}`}</span>} />
      {value !== undefined && <Note testId={`${testId}-note`}>{t("tolerance", { percent: TOLERANCE_PERCENT })}</Note>}
    </>
  );
}
