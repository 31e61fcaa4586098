import { act, render, screen } from "@testing-library/react";
import { startTransition } from "react";
import { Link, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";

import { HashHistoryRouter, routeAt } from "./router";
import { ROUTES } from "./routes";

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

/** Opens `to` once, while its own first render is under way: a link pasted as the page loads. */
function OpensWhileRendering({ to }: { to: string }) {
  if (window.location.hash !== `#${to}`) {
    window.history.pushState(null, "", `#${to}`);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }
  return null;
}

describe("the app's hash router", () => {
  it("follows an address changed while its first render was under way", async () => {
    window.history.replaceState(null, "", "#/");
    await act(async () => {
      startTransition(() => {
        render(
          <HashHistoryRouter>
            <OpensWhileRendering to="/pages/register/register" />
            <Where />
          </HashHistoryRouter>,
        );
      });
    });
    expect(screen.getByText("at /pages/register/register")).toBeTruthy();
  });

  it("follows the app's own navigations and the browser's back", async () => {
    window.history.replaceState(null, "", "#/");
    render(
      <HashHistoryRouter>
        <Link to="/pages/index/myTeam">team</Link>
        <Where />
      </HashHistoryRouter>,
    );
    await act(async () => {
      screen.getByText("team").click();
    });
    expect(screen.getByText("at /pages/index/myTeam")).toBeTruthy();
    expect(window.location.hash).toBe("#/pages/index/myTeam");
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
    });
    expect(screen.getByText("at /")).toBeTruthy();
  });
});

describe("which page an address names", () => {
  it("is the route of that exact path, for every route", () => {
    for (const route of ROUTES) expect(routeAt(route.path), route.path).toBe(route);
  });

  it("reads the address as React Router does: any letter case, a trailing slash, escaped letters", () => {
    const mining = ROUTES.find((route) => route.path === "/pages/index/miningX");
    expect(routeAt("/pages/index/MININGX")).toBe(mining);
    expect(routeAt("/pages/index/miningX/")).toBe(mining);
    expect(routeAt("/pages/index/mining%58")).toBe(mining);
  });

  it("is none for a path that only starts like a page, goes on past one, or is not one", () => {
    for (const path of ["/pages/index", "/pages/index/miningX/more", "/pages/index/miningXY", "/pages/index/mining%ZZ", "/nothing"]) expect(routeAt(path), path).toBeUndefined();
  });
});
