import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { LazyBoundary, lazyPart } from "./lazy-part";

function Menu() {
  return <nav>the menu</nav>;
}

const offline = () => new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/sidebar-x.js");
const setOnline = (online: boolean) => vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);

/** Lets the load, the boundary and the probe of the cause settle. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe("a part loaded on demand", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });

  it("that cannot load offline says so in place, in a frame of its own, while the rest stays; Retry loads it once online", async () => {
    setOnline(false);
    const load = vi.fn<() => Promise<ComponentType<object>>>(() => Promise.reject(offline()));
    const Part = lazyPart(load);
    render(
      <main>
        <h1>the page</h1>
        <LazyBoundary frame={(failure) => <aside aria-label="the frame">{failure}</aside>}>
          <Part />
        </LazyBoundary>
      </main>,
    );
    await settle();
    expect(screen.getByRole("heading")).toHaveTextContent("the page");
    const failure = within(screen.getByRole("complementary", { name: "the frame" })).getByRole("alert");
    expect(failure).toHaveTextContent("This part could not be loaded.");
    expect(failure).toHaveTextContent("No connection. Check your network and retry.");

    setOnline(true);
    load.mockImplementation(async () => Menu);
    fireEvent.click(within(failure).getByRole("button", { name: "Retry" }));
    await settle();
    expect(screen.getByText("the menu")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("loads its code once when it loads, however often it is drawn", async () => {
    const load = vi.fn(async () => Menu);
    const Part = lazyPart(load);
    const { unmount } = render(
      <LazyBoundary>
        <Part />
      </LazyBoundary>,
    );
    await settle();
    unmount();
    render(
      <LazyBoundary>
        <Part />
      </LazyBoundary>,
    );
    await settle();
    expect(screen.getByText("the menu")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the fallback while loading", async () => {
    const Part = lazyPart(() => new Promise<ComponentType<object>>(() => undefined));
    render(
      <LazyBoundary fallback={<span>loading…</span>}>
        <Part />
      </LazyBoundary>,
    );
    await settle();
    expect(screen.getByText("loading…")).toBeInTheDocument();
  });

  it("catches a part that fails while drawing", async () => {
    setOnline(true);
    function Broken(): never {
      throw new Error("boom");
    }
    render(
      <LazyBoundary>
        <Broken />
      </LazyBoundary>,
    );
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("This part could not be loaded.");
    expect(screen.getByRole("alert")).not.toHaveTextContent("No connection");
  });

  it("puts a stylesheet that failed in anew before drawing the part again", async () => {
    setOnline(false);
    const stale = document.createElement("link");
    stale.rel = "stylesheet";
    stale.href = "/assets/sidebar-x.css";
    // As Chromium leaves a stylesheet that failed: a sheet whose rules cannot be read.
    Object.defineProperty(stale, "sheet", {
      value: {
        get cssRules() {
          throw new DOMException("Cannot access rules", "SecurityError");
        },
      },
    });
    document.head.append(stale);
    const load = vi.fn<() => Promise<ComponentType<object>>>(() => Promise.reject(new Error("Unable to preload CSS for /assets/sidebar-x.css")));
    const Part = lazyPart(load);
    render(
      <LazyBoundary>
        <Part />
      </LazyBoundary>,
    );
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("Unable to preload CSS");

    setOnline(true);
    load.mockImplementation(async () => Menu);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    const fresh = document.head.querySelector<HTMLLinkElement>('link[href="/assets/sidebar-x.css"]')!;
    expect(fresh).not.toBe(stale);
    // Drawn only once the stylesheet is there.
    await settle();
    expect(screen.queryByText("the menu")).toBeNull();
    fresh.dispatchEvent(new Event("load"));
    await settle();
    expect(screen.getByText("the menu")).toBeInTheDocument();
    fresh.remove();
  });

  it("a retry while still offline says so again, and the next one once online works", async () => {
    setOnline(false);
    const stale = document.createElement("link");
    stale.rel = "stylesheet";
    stale.href = "/assets/menu-y.css";
    Object.defineProperty(stale, "sheet", { value: null });
    document.head.append(stale);
    const load = vi.fn<() => Promise<ComponentType<object>>>(() => Promise.reject(new Error("Unable to preload CSS for /assets/menu-y.css")));
    const Part = lazyPart(load);
    render(
      <LazyBoundary>
        <Part />
      </LazyBoundary>,
    );
    await settle();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    const again = document.head.querySelector<HTMLLinkElement>('link[href="/assets/menu-y.css"]')!;
    again.dispatchEvent(new Event("error"));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("Unable to preload CSS");
    expect(screen.getByRole("alert")).toHaveTextContent("No connection. Check your network and retry.");

    setOnline(true);
    load.mockImplementation(async () => Menu);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    document.head.querySelector<HTMLLinkElement>('link[href="/assets/menu-y.css"]')!.dispatchEvent(new Event("load"));
    await settle();
    expect(screen.getByText("the menu")).toBeInTheDocument();
    document.head.querySelector('link[href="/assets/menu-y.css"]')?.remove();
  });
});
