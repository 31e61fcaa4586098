/**
 * A page, loaded lazily (each route's Page is a lazy part): a loader appears only once loading
 * passes 200 ms. A load that passes 60 s or fails (the network gone, a chunk gone after a
 * redeploy, 'Unable to preload CSS'), and a page that fails while rendering, are said in the
 * page's own frame (its navigation bar, so the menu and the way back stay) by the LazyBoundary
 * every lazy part uses, with a retry.
 */
import type { PageProps } from "@/lib/routing/page-props";
import { DelayedLoader, LazyBoundary } from "@/widgets/lazy-part";
import { Page } from "@/widgets/page";

import type { AppRoute } from "./routes";

export function LazyPage({ route, query }: { route: AppRoute } & PageProps) {
  // Keyed by the route: another page forgets a failure (a page is drawn anew for each route anyway).
  return (
    <LazyBoundary
      key={route.path}
      page
      fallback={<DelayedLoader />}
      frame={(failure) => (
        <Page title={route.title} back={route.title !== "titles.home"}>
          {failure}
        </Page>
      )}
    >
      <route.Page query={query} />
    </LazyBoundary>
  );
}
