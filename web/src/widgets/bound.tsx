import { useTranslation } from "react-i18next";

import { TOLERANCE_PERCENT } from "@/lib/contracts/tolerance";

import { Note, Stat } from "@/components/ui";
import { formatAmount } from "@/lib/format/format";

/**
 * The bound a priced action sends (lib/contracts/tolerance), shown under the figure it comes from:
 * 'You pay at most 100.5 USDT' or 'You receive at least 49.75 X', and the tolerance in a note.
 */
export function BoundStat({ kind, value, symbol }: { kind: "payAtMost" | "receiveAtLeast"; value: bigint | undefined; symbol: string }) {
  const { t } = useTranslation("trade");
  return (
    <>
      <Stat label={t(kind)} value={value === undefined ? "—" : `${formatAmount(value, 6)} ${symbol}`} />
      {value !== undefined && <Note>{t("tolerance", { percent: TOLERANCE_PERCENT })}</Note>}
    </>
  );
}
