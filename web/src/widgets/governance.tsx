/**
 * The governance notices (./governance-notices.tsx) as the pages place them: lazy parts, with the
 * "governance" catalogue, each in its own boundary (a part that cannot load says so where it stands
 * and the page goes on). The home page loads this module itself only when there is something to
 * say (features/home): its first download then carries one file name for it, not the notices'
 * dozen.
 */
import type { ComponentType } from "react";

import { loadMessages } from "@/i18n";

import type * as NoticesModule from "./governance-notices";
import type { QueuedChangesProps } from "./governance-notices";
import { isShort, type Coverage } from "@/lib/governance/coverage";
import { LazyBoundary, lazyPart } from "./lazy-part";

type Notices = typeof NoticesModule;

const part = <P extends object>(pick: (module: Notices) => ComponentType<P>) =>
  lazyPart(() => Promise.all([import("./governance-notices"), loadMessages(["governance"])]).then(([module]) => pick(module)));

const Queued = part((module) => module.QueuedChanges);
const CoverageNote = part((module) => module.ReserveCoverage);
const Home = part((module) => module.HomeGovernance);

/** The changes the owner has queued against this page's figures: nothing when none. */
export function QueuedChanges(props: QueuedChangesProps) {
  return (
    <LazyBoundary>
      <Queued {...props} />
    </LazyBoundary>
  );
}

/** The reserve's coverage, while it is short of what is promised: nothing otherwise. */
export function ReserveCoverage({ coverage }: { coverage: Coverage | undefined }) {
  if (!isShort(coverage)) return null;
  return (
    <LazyBoundary>
      <CoverageNote coverage={coverage} />
    </LazyBoundary>
  );
}

/** Home: the reserve's coverage while short, and what is queued against the pools, prices and ownership. */
export function HomeGovernance({ coverage }: { coverage: Coverage | undefined }) {
  return (
    <LazyBoundary>
      <Home coverage={coverage} />
    </LazyBoundary>
  );
}
