/** Small building blocks shared by the screens. */
import { useId, type ReactNode } from "react";

import styles from "./ui.module.css";

/** A card; one with a title is a region named by it (a landmark a screen reader can jump to). */
export function Card({ title, children, action }: { title?: ReactNode; children: ReactNode; action?: ReactNode }) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={title ? titleId : undefined}>
      {(title || action) && (
        <header className={styles.cardHeader}>
          {title && (
            <h2 id={titleId} className={styles.cardTitle}>
              {title}
            </h2>
          )}
          {action}
        </header>
      )}
      {children}
    </section>
  );
}

/** A figure and its label: a term and its definition, the figure named by its label (role
 *  "definition" with that name), so it is heard, and found, by what it is. */
export function Stat({ label, value, emphasis }: { label: ReactNode; value: ReactNode; emphasis?: boolean }) {
  const labelId = useId();
  return (
    <dl className={styles.stat}>
      <dt id={labelId} className={styles.label}>
        {label}
      </dt>
      <dd aria-labelledby={labelId} className={`${styles.value} ${emphasis ? styles.emphasis : ""}`}>
        {value}
      </dd>
    </dl>
  );
}

/** A short marker beside a name: "DEV", "in use". */
export function Badge({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <span className={styles.badge} title={title}>
      {children}
    </span>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

export function Note({ children, tone = "dim", role }: { children: ReactNode; tone?: "dim" | "danger" | "success"; role?: "alert" }) {
  return (
    <p className={`${styles.note} ${styles[tone]}`} role={role}>
      {children}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

/** A placeholder while the first answer of a screen is on its way. */
export function Loading() {
  return <span className={styles.skeleton} aria-busy="true" />;
}

/**
 * The screens' vertical layout of cards. `testId` ('page-mining') marks the page drawn: the one
 * test id the app keeps, as nothing a user perceives tells which page's code drew the screen (the
 * title is the route's, and a page that fails to load shows it too); `stype`, the query it got.
 */
export function Stack({ children, testId, stype }: { children: ReactNode; testId: `page-${string}`; stype?: string }) {
  return (
    <section className={styles.stack} data-testid={testId} data-stype={stype}>
      {children}
    </section>
  );
}
