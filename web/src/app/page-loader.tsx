/**
 * Loads a page lazily: a loader appears only once loading passes 200 ms. A load that passes 60 s
 * or fails (the network gone, a chunk gone after a redeploy, 'Unable to preload CSS'), and a page
 * that fails while rendering, are said in the page's own frame (its navigation bar, so the menu
 * and the way back stay) by the LazyBoundary every lazy part uses, with a retry.
 */
import { useEffect, useState } from "react";

import { DelayedLoader, LazyBoundary } from "@/components/lazy-part";
import { Page } from "@/components/page";
import { LOAD_TIMEOUT_MS, withTimeout } from "@/lib/loading/load-failure";
import type { PageProps } from "@/lib/routing/page-props";

import type { AppRoute, PageModule } from "./routes";

interface Loaded {
  route: AppRoute;
  module?: PageModule;
  error?: unknown;
}

/** The route's page once its code is there; a failure is thrown to the boundary around it. */
function RoutePage({ route, query }: { route: AppRoute } & PageProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let current = true;
    withTimeout(route.load(), LOAD_TIMEOUT_MS).then(
      (module) => current && setLoaded({ route, module }),
      (error: unknown) => current && setLoaded({ route, error }),
    );
    return () => {
      current = false;
    };
  }, [route]);

  const result = loaded?.route === route ? loaded : undefined;
  if (!result) return <DelayedLoader />;
  if (!result.module) throw result.error;
  const Content = result.module.default;
  return <Content query={query} />;
}

export function LazyPage({ route, query }: { route: AppRoute } & PageProps) {
  // Keyed by the route: another page forgets a failure (a page is drawn anew for each route
  // anyway). A retry draws RoutePage anew, which loads the route again.
  return (
    <LazyBoundary key={route.path} page frame={(failure) => <Page title={route.title} back={route.title !== "titles.home"}>{failure}</Page>}>
      <RoutePage route={route} query={query} />
    </LazyBoundary>
  );
}
