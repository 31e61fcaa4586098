/**
 * Hash routing, base '/': the 29 paths (28 pages) of docs/product/screens.md §2; an unknown route is reported and lands home.
 * Every page receives the address's query parameters, with `stype` defaulting to 'default'.
 */
import { startTransition, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from "react";
import { matchPath, Navigate, Router, UNSAFE_createHashHistory as createHashHistory, useLocation, useSearchParams } from "react-router-dom";

import { log } from "@/lib/log";
import { queryOf } from "@/lib/routing/page-props";

import { AppLayout } from "./layout/app-layout";
import { LazyPage } from "./page-loader";
import { ROUTES, type AppRoute } from "./routes";

function RoutePage({ route }: { route: AppRoute }) {
  const [searchParams] = useSearchParams();
  const query = useMemo(() => queryOf(searchParams), [searchParams]);
  return <LazyPage route={route} query={query} />;
}

function UnknownRoute() {
  const location = useLocation();
  useEffect(() => {
    log.warn(`No page at ${location.pathname}; going home`);
  }, [location.pathname]);
  return <Navigate to="/" replace />;
}

/**
 * The page at `pathname`, matched by React Router's own rule (`matchPath`: any letter case, a
 * trailing slash or not; the address decoded first, as its route matching does) against the app's
 * table of exact paths: none has a parameter, so at most one matches. `useRoutes` would match the
 * same and render it through the library's route tree (ranking, nested outlets, per-route error
 * boundaries, data loading), which this table has no use for and whose code (3 kB gzip) would
 * join the first download (docs/performance.md §5).
 */
export function routeAt(pathname: string): AppRoute | undefined {
  let decoded = pathname;
  try {
    // "/" stays escaped (decodeURI leaves it): an escaped slash does not split a segment.
    decoded = decodeURI(pathname);
  } catch {
    // A malformed escape: matched as it is, so it names no page.
  }
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, decoded));
}

/** The page the address names, in the app's frame; an unknown address lands home. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const route = routeAt(pathname);
  return <AppLayout>{route ? <RoutePage route={route} /> : <UnknownRoute />}</AppLayout>;
}

/**
 * The address's history, listened to from the moment the app's modules load. React Router's
 * HashRouter starts listening only once its first render is on screen, and the first render is a
 * transition (start.tsx) that React slices over many frames: an address changed meanwhile (a link
 * pasted while the page loads) would be lost. `v5Compat` makes the app's own navigations notify too,
 * as HashRouter's history does.
 */
const history = createHashHistory({ v5Compat: true });
type HistoryState = Pick<typeof history, "action" | "location">;
let latest: HistoryState = { action: history.action, location: history.location };
const followers = new Set<(state: HistoryState) => void>();
history.listen(({ action, location }) => {
  latest = { action, location };
  for (const follow of followers) follow(latest);
});

/** HashRouter's rendering (a navigation renders as a transition), on the history above. */
export function HashHistoryRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState(latest);
  useLayoutEffect(() => {
    const follow = (next: HistoryState) => startTransition(() => setState(next));
    followers.add(follow);
    // Catch up with an address changed while the first render was under way (unchanged: no render).
    follow(latest);
    return () => {
      followers.delete(follow);
    };
  }, []);
  return (
    <Router navigator={history} location={state.location} navigationType={state.action}>
      {children}
    </Router>
  );
}

export function AppRouter() {
  return (
    <HashHistoryRouter>
      <AppRoutes />
    </HashHistoryRouter>
  );
}
