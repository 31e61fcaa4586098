import { useTranslation } from "react-i18next";

import { Stat } from "@/components/ui";
import { formatAmount, formatTime } from "@/lib/format/format";
import { utcTime } from "@/lib/format/time-zone";

/**
 * A price change the owner announced (Main.pendingPrice): a move past the price guard's step waits
 * a day, and the pages that price with the token say what it becomes and when. Nothing when none.
 */
export function PendingPrice({ pending, symbol }: { pending: readonly [bigint, bigint] | undefined; symbol: string }) {
  const { t, i18n } = useTranslation("trade");
  if (!pending || pending[1] === 0n) return null;
  const [price, effectiveAt] = pending;
  // A moment of the chain's: on the user's clock and in UTC (docs/product/messages.md §1).
  const when = new Date(Number(effectiveAt) * 1000);
  return (
    <Stat
      label={t("priceChange", { token: symbol })}
      value={
        <span>
          {t("priceChangeAt", { price: formatAmount(price, 6), time: formatTime(when, i18n.language, "short"), utc: utcTime(when) })}
        </span>
      }
    />
  );
}
