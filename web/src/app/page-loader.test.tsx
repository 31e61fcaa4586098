import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { LOAD_TIMEOUT_MS } from "@/lib/loading/load-failure";
import { WalletProvider } from "@/lib/wallet/wallet";

import { LOADER_DELAY_MS } from "@/widgets/lazy-part";

import { LazyPage } from "./page-loader";
import { lazyPage, type AppRoute, type PageModule } from "./routes";

function Loaded() {
  return <p>loaded page</p>;
}

function routeWith(load: () => Promise<PageModule>): AppRoute {
  return { path: "/pages/index/myTeam", title: "titles.myTeam", Page: lazyPage(load) };
}

const never = () => new Promise<PageModule>(() => undefined);

/** A failure is said in the page's frame, which needs the router and the wallet. */
const inApp = (page: ReactNode) => (
  <WalletProvider>
    <MemoryRouter>{page}</MemoryRouter>
  </WalletProvider>
);

const setOnline = (online: boolean) => vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);

describe("lazy pages", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the loader only once loading passes 200 ms", async () => {
    render(inApp(<LazyPage route={routeWith(never)} query={{ stype: "default" }} />));
    await act(async () => vi.advanceTimersByTimeAsync(LOADER_DELAY_MS - 10));
    expect(screen.queryByRole("status")).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
  });

  it("shows an error with a retry after 60 s, and the retry loads again", async () => {
    const load = vi.fn(never);
    render(inApp(<LazyPage route={routeWith(load)} query={{ stype: "default" }} />));
    await act(async () => vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS + 10));
    expect(screen.getByRole("alert")).toHaveTextContent("Loading is taking too long.");
    load.mockImplementation(async () => ({ default: Loaded }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Retry" })));
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("loaded page")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("names a CSS preload failure", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("Not Found", { status: 404 })));
    render(inApp(<LazyPage route={routeWith(() => Promise.reject(new Error("Unable to preload CSS for /assets/page.css")))} query={{ stype: "default" }} />));
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole("alert")).toHaveTextContent("Unable to preload CSS");
  });

  it("says a page that cannot load offline in the page's own frame, its navigation bar kept, and Retry loads it once online", async () => {
    setOnline(false);
    const load = vi.fn<() => Promise<PageModule>>(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/my-team-page-x.js")));
    render(inApp(<LazyPage route={routeWith(load)} query={{ stype: "default" }} />));
    await act(async () => vi.advanceTimersByTimeAsync(10));
    const navigation = screen.getByRole("banner");
    expect(within(navigation).getByRole("heading")).toHaveTextContent("Community");
    expect(within(navigation).getByRole("button", { name: "Menu" })).toBeInTheDocument();
    const failure = screen.getByRole("alert");
    expect(failure).toHaveTextContent("This page could not be loaded.");
    expect(failure).toHaveTextContent("No connection. Check your network and retry.");

    setOnline(true);
    load.mockImplementation(async () => ({ default: Loaded }));
    await act(async () => fireEvent.click(within(failure).getByRole("button", { name: "Retry" })));
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("loaded page")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("offers to reload when a deployment replaced the page's code (the server no longer has it)", async () => {
    const probe = vi.fn(async () => new Response("Not Found", { status: 404 }));
    vi.stubGlobal("fetch", probe);
    render(inApp(<LazyPage route={routeWith(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/my-team-page-x.js")))} query={{ stype: "default" }} />));
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(probe).toHaveBeenCalledWith("http://localhost/assets/my-team-page-x.js", expect.objectContaining({ method: "HEAD", cache: "no-store" }));
    const failure = screen.getByRole("alert");
    expect(failure).toHaveTextContent("A new version is out. Reload to continue.");
    expect(within(failure).getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(within(failure).queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("forgets a page's failure when another page is opened", async () => {
    setOnline(false);
    const failing = routeWith(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/my-team-page-x.js")));
    const { rerender } = render(inApp(<LazyPage route={failing} query={{ stype: "default" }} />));
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole("alert")).toBeInTheDocument();
    const other: AppRoute = { path: "/pages/index/myLink", title: "titles.myLink", Page: lazyPage(async () => ({ default: Loaded })) };
    rerender(inApp(<LazyPage route={other} query={{ stype: "default" }} />));
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("loaded page")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("catches a page that fails while rendering, in its frame, with a retry", async () => {
    let broken = true;
    function Fragile() {
      if (broken) throw new Error("boom");
      return <p>drawn</p>;
    }
    render(inApp(<LazyPage route={routeWith(async () => ({ default: Fragile }))} query={{ stype: "default" }} />));
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("This page could not be loaded.");
    broken = false;
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Retry" })));
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("drawn")).toBeInTheDocument();
  });
});
