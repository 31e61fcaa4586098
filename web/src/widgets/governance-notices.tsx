/**
 * What the owner has queued (docs/decisions/governance.md), said on the pages whose figures it
 * changes before it applies: each change from the value in force (read from the chain) to the one
 * it sets, when it can apply (the user's time zone and UTC), and what it does to the member's own
 * figures where the page has them. And the reserve's coverage while it is short. A part of its own,
 * with its catalogue ("governance"), loaded by ./governance.tsx: no page's first download carries
 * it. Without the indexer the notices say nothing: the figures above them are the chain's.
 */
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { Link } from "@/components/link";
import { Card, Loading, Note, Stat } from "@/components/ui";
import { useChainNow } from "@/lib/contracts/chain-clock";
import { changeOf, concerns, type Change, type Scope, type ScopeFocus } from "@/lib/governance/changes";
import { isShort, type Coverage } from "@/lib/governance/coverage";
import { coverageBps, describeChange, effectOf, percent, type Formats, type Sentence, type Viewer } from "@/lib/governance/describe";
import { stillPending, type Operation } from "@/lib/governance/operations";
import { useCurrentTerms, useRescuedHoldings, type CurrentTerms } from "@/lib/governance/terms";
import { whenText } from "@/lib/format/time-zone";
import { durationParts } from "@/lib/governance/time";
import { usePendingOperations } from "@/lib/governance/use-pending-operations";
import { href } from "@/lib/routing/href";
import { TERMS_PATH } from "@/lib/routing/paths";

import { withAddressLinks } from "./address-text";
import styles from "./governance-notices.module.css";

/** The translator and formats of the governance catalogue in the user's language. */
export function useFormats(): Formats {
  const { t } = useTranslation("governance");
  return useMemo(() => {
    const say = (key: string, values?: Record<string, unknown>) => t(key as never, values as never) as unknown as string;
    const duration = (seconds: bigint) => {
      const parts = durationParts(seconds);
      const said = (["days", "hours", "minutes", "seconds"] as const).filter((unit) => parts[unit] > 0).map((unit) => say(`units.${unit}`, { count: parts[unit] }));
      return said.length > 0 ? said.join(" ") : say("units.seconds", { count: 0 });
    };
    return { t: say, duration };
  }, [t]);
}

/** A sentence of the catalogue, its addresses as links. */
export function Say({ sentence }: { sentence: Sentence }): ReactNode {
  const { t } = useFormats();
  const { key, values, addresses } = sentence;
  return addresses ? withAddressLinks((marks) => t(key, { ...values, ...marks }), addresses) : t(key, values);
}

/** When a change can apply: from its schedule, or now, once its delay has passed (the owner executes it). */
export function When({ at }: { at: number }) {
  const { t, i18n } = useTranslation("governance");
  const now = useChainNow();
  return <span className={styles.when}>{t(at > now ? "notices.when" : "notices.ready", whenText(at, i18n.language))}</span>;
}

export interface QueuedItem {
  operation: Operation;
  change: Change;
}

/** One queued change: what it changes, when, and what it does to the member's figures. */
export function QueuedChange({ item, terms, holdings, viewer = {} }: { item: QueuedItem; terms: CurrentTerms | undefined; holdings: Readonly<Record<string, bigint>> | undefined; viewer?: Viewer }) {
  const formats = useFormats();
  if (!terms) {
    return (
      <li className={styles.item}>
        <Loading />
      </li>
    );
  }
  const effect = effectOf(item.change, terms, viewer);
  return (
    <li className={styles.item}>
      <span>
        <Say sentence={describeChange(item.change, terms, holdings, formats)} />
      </span>
      <When at={item.operation.schedule} />
      {effect && (
        <span className={styles.effect}>
          <Say sentence={effect} />
        </span>
      )}
    </li>
  );
}

/** The changes still to apply, of `scope`'s kinds (narrowed by `focus`), newest first. */
export function useQueued(scope: Scope, focus: ScopeFocus = {}): { items: QueuedItem[]; status: ReturnType<typeof usePendingOperations>["status"] } {
  const now = useChainNow();
  const { operations, status } = usePendingOperations();
  const { route, holder } = focus;
  const tokens = focus.tokens?.join();
  const items = useMemo(
    () =>
      operations
        .filter((operation) => stillPending(operation, now))
        .map((operation) => ({ operation, change: changeOf(operation) }))
        .filter(({ change }) => concerns(change, scope, { route, holder, tokens: tokens?.split(",") })),
    [operations, now, scope, route, holder, tokens],
  );
  return { items, status };
}

/** A list of queued changes with the terms in force read for them. */
export function QueuedList({ items, viewer }: { items: readonly QueuedItem[]; viewer?: Viewer }) {
  const { data: terms } = useCurrentTerms(items.length > 0);
  const holdings = useRescuedHoldings(useMemo(() => items.map((item) => item.change), [items]));
  return (
    <ul className={`plain-list ${styles.list}`}>
      {items.map((item) => (
        <QueuedChange key={item.operation.id} item={item} terms={terms} holdings={holdings} viewer={viewer} />
      ))}
    </ul>
  );
}

export interface QueuedChangesProps {
  /** The page: which kinds of change touch its figures (lib/governance/changes.ts SCOPES). */
  scope: Exclude<Scope, "terms">;
  focus?: ScopeFocus;
  /** The member's own figures the page has read. */
  viewer?: Viewer;
  className?: string;
}

/** The card of a page's queued changes; nothing when none is queued or the indexer cannot say. */
export function QueuedChanges({ scope, focus, viewer, className }: QueuedChangesProps) {
  const { t } = useTranslation("governance");
  const { items } = useQueued(scope, focus);
  if (items.length === 0) return null;
  return (
    <Card title={t("notices.title")} className={className} action={
        <Link to={href(TERMS_PATH)} className={styles.terms}>
          {t("notices.terms")}
        </Link>
      }>
      <QueuedList items={items} viewer={viewer} />
    </Card>
  );
}

/** While the reserve is short of what is promised: the coverage, the share of all they were ever owed that every member may receive. */
export function ReserveCoverage({ coverage }: { coverage: Coverage | undefined }) {
  const { t } = useTranslation("governance");
  if (!isShort(coverage)) return null;
  const covered = percent(coverageBps(coverage));
  return (
    <>
      <Stat label={t("coverage.label")} value={covered} />
      <Note>{t("coverage.note", { percent: covered })}</Note>
    </>
  );
}

/** Home: the reserve's coverage when short, and what is queued against the pools, prices and the product's ownership. */
export function HomeGovernance({ coverage }: { coverage: Coverage | undefined }) {
  return (
    <>
      {isShort(coverage) && (
        <Card>
          <ReserveCoverage coverage={coverage} />
        </Card>
      )}
      <QueuedChanges scope="home" focus={{ holder: "Main" }} />
    </>
  );
}
