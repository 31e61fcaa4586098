/**
 * Hash routing, base '/': the 29 paths (28 pages) of docs/product/screens.md §2; an unknown route is reported and lands home.
 * Every page receives the address's query parameters, with `stype` defaulting to 'default'.
 */
import { useEffect, useMemo } from "react";
import { HashRouter, Navigate, Route, Routes, useLocation, useSearchParams } from "react-router-dom";

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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
        ))}
        <Route path="*" element={<UnknownRoute />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
