/** Small building blocks shared by the screens. */
import type { ReactNode } from "react";

import styles from "./ui.module.css";

export function Card({ title, children, action, testId }: { title?: ReactNode; children: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <section className={styles.card} data-testid={testId}>
      {(title || action) && (
        <header className={styles.cardHeader}>
          {title && <h2 className={styles.cardTitle}>{title}</h2>}
          {action}
        </header>
      )}
      {children}
    </section>
  );
}

export function Stat({ label, value, testId, emphasis }: { label: ReactNode; value: ReactNode; testId?: string; emphasis?: boolean }) {
  return (
    <div className={styles.stat}>
      <span className={styles.label}>{label}</span>
      <span className={`${styles.value} ${emphasis ? styles.emphasis : ""}`} data-testid={testId}>
        {value}
      </span>
    </div>
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

export function Note({ children, tone = "dim", role, testId }: { children: ReactNode; tone?: "dim" | "danger" | "success"; role?: "alert"; testId?: string }) {
  return (
    <p className={`${styles.note} ${styles[tone]}`} role={role} data-testid={testId}>
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

/** The screens' vertical layout of cards. */
export function Stack({ children, testId, stype }: { children: ReactNode; testId?: string; stype?: string }) {
  return (
    <section className={styles.stack} data-testid={testId} data-stype={stype}>
      {children}
    </section>
  );
}
