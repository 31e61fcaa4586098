import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { tolerancePercent, useToleranceBps } from "@/lib/contracts/tolerance";

import { DelayedLoader, LazyBoundary, lazyPart } from "./lazy-part";
import { Note, Stat } from "@/components/ui";
import { formatAmount } from "@/lib/format/format";
import styles from "./bound.module.css";

/** The tolerance's settings, loaded when first opened (a page that is only read never needs them). */
const ToleranceSettings = lazyPart(() => import("./tolerance-settings").then((module) => module.ToleranceSettings));

/**
 * The bound a priced action sends (lib/contracts/tolerance), shown under the figure it comes from:
 * 'You pay at most 100.5 USDT' or 'You receive at least 49.75 X', then the user's tolerance in a
 * note, with the button that opens its settings in place (docs/product/rules.md §4).
 */
export function BoundStat({ kind, value, symbol }: { kind: "payAtMost" | "receiveAtLeast"; value: bigint | undefined; symbol: string }) {
  const { t } = useTranslation("trade");
  const bps = useToleranceBps();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const change = useRef<HTMLButtonElement>(null);
  // Saved or cancelled: the focus goes back to the button that opened the settings.
  const close = () => {
    setOpen(false);
    change.current?.focus();
  };
  return (
    <>
      <Stat label={t(kind)} value={value === undefined ? "—" : `${formatAmount(value, 6)} ${symbol}`} />
      <div className={styles.tolerance}>
        <Note>{t("tolerance", { percent: tolerancePercent(bps) })}</Note>
        <button ref={change} type="button" className={styles.change} aria-expanded={open} aria-controls={open ? panel : undefined} onClick={() => setOpen(!open)}>
          {t("toleranceChange")}
        </button>
      </div>
      {open && (
        <div id={panel}>
          <LazyBoundary fallback={<DelayedLoader />}>
            <ToleranceSettings onClose={close} />
          </LazyBoundary>
        </div>
      )}
    </>
  );
}
