/** The frame of a page's cards (every page but home, which lays out its own). */
import type { ReactNode } from "react";

import styles from "./stack.module.css";

/**
 * The screens' layout of cards: one column on a phone; on a tablet or a desktop a column of a
 * form's width in the middle, or with `layout` the width taken by one column ("wide", for tables)
 * or by two panes side by side ("panes": the page's CSS says which card goes where; a card not
 * placed takes the next free place). `testId` ('page-mining') marks the page drawn: the one
 * test id the app keeps, as nothing a user perceives tells which page's code drew the screen (the
 * title is the route's, and a page that fails to load shows it too); `stype`, the query it got.
 */
export function Stack({ children, testId, stype, layout, className }: { children: ReactNode; testId: `page-${string}`; stype?: string; layout?: "wide" | "panes"; className?: string }) {
  return (
    <section className={[styles.stack, layout && styles[layout], className].filter(Boolean).join(" ")} data-testid={testId} data-stype={stype}>
      {children}
    </section>
  );
}
