/**
 * Everything the app loads on demand (a page, the menu, the member card) stands in a LazyBoundary:
 * while it loads, the boundary's fallback; when it cannot load (the network gone, a deployment
 * that replaced it, too slow) or fails to draw, a message in its place, in the user's language,
 * with Retry (or Reload, for a new version), while the rest of the app goes on. Without it an
 * error thrown by a lazy part unmounts the whole app.
 *
 * The messages come from the catalogue loaded at start ("common"): with the network gone, one
 * loaded on demand might never come.
 */
import { Component, Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { LOAD_TIMEOUT_MS, causeOf, loadProblemOf, reloadFailedStylesheets, withTimeout, type LoadCause } from "@/lib/loading/load-failure";
import { log } from "@/lib/log";

import { Spinner } from "@/components/spinner";
import styles from "./lazy-part.module.css";

export const LOADER_DELAY_MS = 200;

/** A loader that appears only once loading passes `delayMs`: a quick load shows nothing. */
export function DelayedLoader({ delayMs = LOADER_DELAY_MS }: { delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className={styles.notice} role="status">
      <Spinner />
      <span>{t("loading.page")}</span>
    </div>
  );
}

interface FailureProps {
  error: unknown;
  cause: LoadCause;
  page?: boolean;
  onRetry: () => void;
}

function LoadFailure({ error, cause, page, onRetry }: FailureProps) {
  const { t } = useTranslation();
  const problem = loadProblemOf(error);
  // The files this tab expects are gone: only the new version, loaded anew, can work.
  const replaced = cause === "replaced";
  return (
    <div className={`${styles.notice} ${page ? "" : styles.part}`} role="alert">
      <p>{t(problem === "timeout" ? "loading.timeout" : problem === "preloadCss" ? "loading.preloadCss" : page ? "loading.failed" : "loading.partFailed")}</p>
      {cause !== "unknown" && <p>{t(replaced ? "loading.updated" : "loading.offline")}</p>}
      <button type="button" className="button" onClick={replaced ? () => window.location.reload() : onRetry}>
        {t(replaced ? "loading.reload" : "loading.retry")}
      </button>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A whole page (its message says so, and takes the page's room), not a part of one. */
  page?: boolean;
  /** Shown while the part loads. */
  fallback?: ReactNode;
  /** Puts the failure where the part would have been (a page's frame, a card, the menu's place). */
  frame?: (failure: ReactNode) => ReactNode;
}

interface BoundaryState {
  error?: unknown;
  /** Known once the server was asked (causeOf); until then the failure is said without why. */
  cause?: LoadCause;
  /** Each retry draws the children anew, so a part that failed loads again. */
  attempt: number;
}

/** Parts (lazyPart) whose code failed to load: a retry, in any boundary, lets each load again. */
const failedParts = new Set<() => void>();

export class LazyBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error("A lazy part failed"), cause: undefined };
  }

  componentDidCatch(error: unknown) {
    log.error("a lazy part failed", error);
    this.explain();
  }

  /** Finds why the failure on screen happened (a later one replaces it). */
  private explain() {
    const { error } = this.state;
    void causeOf(error).then((cause) => this.state.error === error && this.setState({ cause }));
  }

  private readonly retry = () => {
    for (const loadAgain of failedParts) loadAgain();
    failedParts.clear();
    reloadFailedStylesheets().then(
      () => this.setState(({ attempt }) => ({ error: undefined, attempt: attempt + 1 })),
      (error: unknown) => this.setState({ error, cause: undefined }, () => this.explain()),
    );
  };

  render() {
    const { children, page, fallback = null, frame = (failure) => failure } = this.props;
    const { error, cause, attempt } = this.state;
    if (error === undefined) {
      return (
        <Suspense key={attempt} fallback={fallback}>
          {children}
        </Suspense>
      );
    }
    // Said at once; why (offline, a new version) is added once the server has been asked.
    return frame(<LoadFailure error={error} cause={cause ?? "unknown"} page={page} onRetry={this.retry} />);
  }
}

/**
 * A component whose code loads when first drawn (React's lazy), within LOAD_TIMEOUT_MS; unlike
 * React's, one that failed loads again after a LazyBoundary's retry.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const fresh = () =>
    lazy(() =>
      withTimeout(load(), LOAD_TIMEOUT_MS).then(
        (component) => ({ default: component }),
        (error: unknown) => {
          // React keeps a failed lazy component failed for good (and draws it again at once, to
          // see the error): only a retry the user asked for puts a new one in its place.
          failedParts.add(loadAgain);
          throw error;
        },
      ),
    );
  const loadAgain = () => {
    current = fresh();
  };
  let current = fresh();
  return function LazyPart(props: P) {
    const Loaded = current;
    return <Loaded {...props} />;
  };
}
