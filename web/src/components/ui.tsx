/** Small building blocks shared by the screens. */
import { useId, type ReactNode } from "react";

import styles from "./ui.module.css";

/** A card; one with a title is a region named by it (a landmark a screen reader can jump to).
 *  `className` places it in its page's panes (a tablet's or a desktop's). */
export function Card({ title, children, action, className }: { title?: ReactNode; children: ReactNode; action?: ReactNode; className?: string }) {
  const titleId = useId();
  return (
    <section className={className ? `${styles.card} ${className}` : styles.card} aria-labelledby={title ? titleId : undefined}>
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
