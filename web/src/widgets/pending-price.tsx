import { useTranslation } from "react-i18next";

import { Stat } from "@/components/ui";
import { formatAmount, formatTime } from "@/lib/format/format";

/**
 * A price change the owner announced (Main.pendingPrice): a move past the price guard's step waits
 * a day, and the pages that price with the token say what it becomes and when. Nothing when none.
 */
export function PendingPrice({ pending, symbol }: { pending: readonly [bigint, bigint] | undefined; symbol: string }) {
  const { t, i18n } = useTranslation("trade");
  if (!pending || pending[1] === 0n) return null;
  const [price, effectiveAt] = pending;
  return (
    <Stat
      label={t("priceChange", { token: symbol })}
      value={
        <span>
          {t("priceChangeAt", { price: formatAmount(price, 6), time: formatTime(new Date(Number(effectiveAt) * 1000), i18n.language, "short") })}
        </span>
      }
    />
  );
}
