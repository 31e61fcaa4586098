import { useTranslation } from "react-i18next";

import { formatTime } from "@/lib/format/format";
import { utcTime } from "@/lib/format/time-zone";

/**
 * A moment on the user's clock, in their language, with the same moment in UTC on hover and for
 * machines (`title`, `dateTime`): the chain and the indexer count time in UTC, and a member
 * comparing with another's screen, or with a day boundary, needs it.
 */
export function LocalTime({ date, dateStyle = "short", className }: { date: Date; dateStyle?: "short" | "medium"; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <time className={className} dateTime={date.toISOString()} title={utcTime(date)}>
      {formatTime(date, i18n.language, dateStyle)}
    </time>
  );
}
