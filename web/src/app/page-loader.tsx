/**
 * Loads a page lazily: a loader appears only once loading passes 200 ms; a load that passes 60 s,
 * or fails (a chunk gone after a redeploy, 'Unable to preload CSS'), shows an error with a retry.
 */
import { Component, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { Spinner } from "@/components/spinner";
import { log } from "@/lib/log";
import type { PageProps } from "@/lib/routing/page-props";

import type { AppRoute, PageModule } from "./routes";
import styles from "./page-loader.module.css";

export const LOADER_DELAY_MS = 200;
export const LOAD_TIMEOUT_MS = 60_000;

export class PageLoadTimeoutError extends Error {
  constructor() {
    super(`The page took more than ${LOAD_TIMEOUT_MS} ms to load`);
    this.name = "PageLoadTimeoutError";
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export type LoadProblem = "timeout" | "preloadCss" | "chunk" | "failed";

export function loadProblemOf(error: unknown): LoadProblem {
  if (error instanceof PageLoadTimeoutError) return "timeout";
  const text = error instanceof Error ? error.message : String(error);
  if (/unable to preload css/i.test(text)) return "preloadCss";
  if (/dynamically imported module|importing a module script failed|error loading dynamically/i.test(text)) return "chunk";
  return "failed";
}

export function DelayedLoader({ delayMs = LOADER_DELAY_MS }: { delayMs?: number }) {
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  if (!visible) return null;
  return (
    <div className={styles.loader} role="status">
      <Spinner />
      <span>{t("loading.page")}</span>
    </div>
  );
}

function LoadError({ problem, onRetry }: { problem: LoadProblem; onRetry: () => void }) {
  const { t } = useTranslation();
  const text =
    problem === "timeout"
      ? t("loading.timeout")
      : problem === "preloadCss"
        ? t("preloadCss", { ns: "errors" })
        : t("loading.failed");
  return (
    <div className={styles.error} role="alert">
      <p>{text}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t("loading.retry")}
      </button>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  onRetry: () => void;
}

/** Catches a page that fails while rendering, once loaded. */
class PageErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    log.error("a page failed to render", error);
  }

  render() {
    return this.state.failed ? <LoadError problem="failed" onRetry={this.props.onRetry} /> : this.props.children;
  }
}

interface Loaded {
  route: AppRoute;
  attempt: number;
  module?: PageModule;
  problem?: LoadProblem;
}

export function LazyPage({ route, query }: { route: AppRoute } & PageProps) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let current = true;
    withTimeout(route.load(), LOAD_TIMEOUT_MS).then(
      (module) => current && setLoaded({ route, attempt, module }),
      (error: unknown) => {
        log.error("a page failed to load", error);
        if (current) setLoaded({ route, attempt, problem: loadProblemOf(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [route, attempt]);

  const retry = () => setAttempt((count) => count + 1);
  const result = loaded?.route === route && loaded.attempt === attempt ? loaded : undefined;
  if (!result) return <DelayedLoader />;
  if (result.problem) {
    // A chunk that is gone after a redeploy will not come back: load the new app instead.
    const reload = result.problem === "chunk" || result.problem === "preloadCss";
    return <LoadError problem={result.problem} onRetry={reload ? () => window.location.reload() : retry} />;
  }
  const Page = result.module!.default;
  return (
    <PageErrorBoundary key={attempt} onRetry={retry}>
      <Page query={query} />
    </PageErrorBoundary>
  );
}
