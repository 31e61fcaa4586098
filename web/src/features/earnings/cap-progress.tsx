/**
 * The member's synthesis records' progress toward their cap: each record earns until it has earned
 * `outMultiple` times its value (3 as deployed), and a record's value is its hashrate in whole USD
 * (docs/product/contracts.md §6), so all of them together earn at most that multiple of the
 * member's hashrate (Main.powerOf, out or not). Revenue's machine revenue earned ever, over that:
 * exact, from the reads of one batch, whatever the number of records.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";

import { Loading, Note, Stat } from "@/components/ui";
import { ONE } from "@/config/units";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";
import { formatAmount } from "@/lib/format/format";

import styles from "./cap-progress.module.css";

/** What the records may earn in all (USD, 18 decimals): `multiple` times their hashrate. */
export const capOf = (hashrate: bigint, multiple: bigint) => multiple * hashrate * ONE;

/** Earned over the cap, in millionths, rounded down (never all of it before it is), at most all. */
export const progressPpm = (earned: bigint, cap: bigint) => (cap === 0n ? 0 : Math.min(Number((earned * 1_000_000n) / cap), 1_000_000));

/** The progress as a percentage with two decimals, rounded down: "< 0.01" for a start that two
 *  decimals would show as none. */
export function percentText(earned: bigint, cap: bigint): string {
  const ppm = progressPpm(earned, cap);
  return earned > 0n && ppm < 100 ? "< 0.01" : (Math.floor(ppm / 100) / 100).toFixed(2);
}

export function CapProgress({ account, earned }: { account: string; earned: bigint | undefined }) {
  const { t } = useTranslation("pages");
  const labelId = useId();
  const { power, multiple } = useChainQuery(`power:${account}`, () => ({
    power: read(contracts.main, "powerOf", account),
    multiple: read(contracts.revenue, "outMultiple"),
  }));
  if (power === undefined || multiple === undefined || earned === undefined) return <Stat label={t("profile.progress.loading")} value={<Loading />} />;
  if (power === 0n) return <Note>{t("profile.progress.none", { multiple: String(multiple) })}</Note>;
  const cap = capOf(power, multiple);
  const text = t("profile.progress.value", { percent: percentText(earned, cap), earned: formatAmount(earned, 2), cap: formatAmount(cap, 2) });
  // The meter is what a screen reader hears (its label and its figure); the figure under it is
  // for the eye, not read twice.
  return (
    <div className={styles.progress}>
      <p id={labelId} className={styles.label}>
        {t("profile.progress.label", { multiple: String(multiple) })}
      </p>
      <meter className={styles.meter} min={0} max={1_000_000} value={progressPpm(earned, cap)} aria-labelledby={labelId} aria-valuetext={text} />
      <p className={styles.figure} aria-hidden="true">
        {text}
      </p>
    </div>
  );
}
