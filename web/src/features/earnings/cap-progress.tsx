/**
 * The member's merge records' progress toward 3x: each record earns until it has earned 3 times its
 * value, and a record's value is its hashrate in whole USD (docs/product/contracts.md §6), so all of
 * them together earn at most 3 × the member's hashrate (Main.powerOf, out or not). Revenue's
 * machine revenue earned ever, over that: exact, from two reads, whatever the number of records.
 */
import { useTranslation } from "react-i18next";

import { Loading, Note, Stat } from "@/components/ui";
import { ONE } from "@/config/units";
import { read } from "@/lib/contracts/batch";
import { contracts } from "@/lib/contracts/contracts";
import { useChainQuery } from "@/lib/contracts/use-chain-query";
import { formatAmount } from "@/lib/format/format";

import styles from "./cap-progress.module.css";

/** What the records may earn in all (USD, 18 decimals): 3 times their hashrate. */
export const capOf = (hashrate: bigint) => 3n * hashrate * ONE;

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
  const { power } = useChainQuery(`power:${account}`, () => ({ power: read(contracts.main, "powerOf", account) }));
  const label = t("profile.progress.label");
  if (power === undefined || earned === undefined) return <Stat label={label} value={<Loading />} />;
  if (power === 0n) return <Note>{t("profile.progress.none")}</Note>;
  const cap = capOf(power);
  const ppm = progressPpm(earned, cap);
  const text = t("profile.progress.value", { percent: percentText(earned, cap), earned: formatAmount(earned, 2), cap: formatAmount(cap, 2) });
  return (
    <div className={styles.progress}>
      <Stat label={label} value={text} />
      <meter className={styles.meter} min={0} max={1_000_000} value={ppm} aria-label={label} aria-valuetext={text} />
    </div>
  );
}
