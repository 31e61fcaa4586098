import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { LOADER_DELAY_MS, LOAD_TIMEOUT_MS, LazyPage, loadProblemOf, PageLoadTimeoutError } from "./page-loader";
import type { AppRoute, PageModule } from "./routes";

function Loaded() {
  return <p>loaded page</p>;
}

function routeWith(load: () => Promise<PageModule>): AppRoute {
  return { path: "/", title: "titles.home", load };
}

const never = () => new Promise<PageModule>(() => undefined);

describe("lazy pages", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the loader only once loading passes 200 ms", async () => {
    render(<LazyPage route={routeWith(never)} query={{ stype: "default" }} />);
    await act(async () => vi.advanceTimersByTimeAsync(LOADER_DELAY_MS - 10));
    expect(screen.queryByRole("status")).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
  });

  it("shows an error with a retry after 60 s, and the retry loads again", async () => {
    const load = vi.fn(never);
    render(<LazyPage route={routeWith(load)} query={{ stype: "default" }} />);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await act(async () => vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS + 10));
    expect(screen.getByRole("alert")).toHaveTextContent("Loading is taking too long.");
    load.mockImplementation(async () => ({ default: Loaded }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Retry" })));
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("loaded page")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("names a CSS preload failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(<LazyPage route={routeWith(() => Promise.reject(new Error("Unable to preload CSS for /assets/page.css")))} query={{ stype: "default" }} />);
    await act(async () => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole("alert")).toHaveTextContent("Unable to preload CSS");
  });

  it("tells load failures apart", () => {
    expect(loadProblemOf(new PageLoadTimeoutError())).toBe("timeout");
    expect(loadProblemOf(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe("chunk");
    expect(loadProblemOf(new Error("Unable to preload CSS for x"))).toBe("preloadCss");
    expect(loadProblemOf(new Error("boom"))).toBe("failed");
  });
});
