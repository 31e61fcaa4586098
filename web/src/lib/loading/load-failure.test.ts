import { afterEach, describe, expect, it, vi } from "vitest";

import { LoadTimeoutError, causeOf, loadProblemOf, reloadFailedStylesheets, withTimeout } from "./load-failure";

const CHUNK = "http://localhost/assets/sidebar-abc123.js";
const chunkFailed = () => new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);
const cssFailed = () => new Error("Unable to preload CSS for /assets/sidebar-abc123.css");
const setOnline = (online: boolean) => vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);

describe("what failed to load", () => {
  it("tells load failures apart", () => {
    expect(loadProblemOf(new LoadTimeoutError())).toBe("timeout");
    expect(loadProblemOf(chunkFailed())).toBe("chunk");
    expect(loadProblemOf(new TypeError("Importing a module script failed."))).toBe("chunk");
    expect(loadProblemOf(cssFailed())).toBe("preloadCss");
    expect(loadProblemOf(new Error("boom"))).toBe("failed");
  });

  it("gives up waiting after the time given", async () => {
    vi.useFakeTimers();
    try {
      const late = withTimeout(new Promise(() => undefined), 1_000);
      const outcome = late.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await outcome).toBeInstanceOf(LoadTimeoutError);
      await expect(withTimeout(Promise.resolve(7), 1_000)).resolves.toBe(7);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("why it failed", () => {
  /** The server, as the page asks it for the file that failed. */
  const server = (answer: () => Promise<Response>) => {
    const probe = vi.fn(answer);
    vi.stubGlobal("fetch", probe);
    return probe;
  };
  const answer = (status: number, contentType = "text/javascript") => () => Promise.resolve(new Response(null, { status, headers: { "content-type": contentType } }));

  it("is the network when the browser says it is offline, without asking anything", async () => {
    setOnline(false);
    const probe = server(answer(200));
    expect(await causeOf(chunkFailed())).toBe("offline");
    expect(probe).not.toHaveBeenCalled();
  });

  it("asks the server for the file the browser or Vite's helper named, and is the network when that cannot be asked", async () => {
    setOnline(true);
    const probe = server(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await causeOf(cssFailed())).toBe("offline");
    expect(probe).toHaveBeenCalledWith("/assets/sidebar-abc123.css", expect.objectContaining({ method: "HEAD", cache: "no-store" }));
    expect(await causeOf(chunkFailed())).toBe("offline");
    expect(probe).toHaveBeenLastCalledWith(CHUNK, expect.objectContaining({ method: "HEAD", cache: "no-store" }));
  });

  it("is a new deployment when the server no longer has the file, or serves the app's page in its place", async () => {
    setOnline(true);
    server(answer(404));
    expect(await causeOf(chunkFailed())).toBe("replaced");
    server(answer(200, "text/html; charset=utf-8"));
    expect(await causeOf(chunkFailed())).toBe("replaced");
  });

  it("is not known when the server does not answer in time (hung, a captive portal)", async () => {
    setOnline(true);
    server(() => Promise.reject(new DOMException("The operation timed out.", "TimeoutError")));
    expect(await causeOf(chunkFailed())).toBe("unknown");
  });

  it("is not known when the file is there now, the server fails, or nothing names a file", async () => {
    setOnline(true);
    server(answer(200));
    expect(await causeOf(chunkFailed())).toBe("unknown");
    server(answer(503));
    expect(await causeOf(chunkFailed())).toBe("unknown");
    const probe = server(answer(404));
    expect(await causeOf(new Error("boom"))).toBe("unknown");
    expect(await causeOf(new TypeError("Importing a module script failed."))).toBe("unknown");
    expect(probe).not.toHaveBeenCalled();
  });
});

/** The sheet Chromium leaves a stylesheet that failed to load: its rules cannot be read. */
const unreadableSheet = () => ({
  get cssRules(): never {
    throw new DOMException("Cannot access rules", "SecurityError");
  },
});

describe("stylesheets that failed", () => {
  afterEach(() => {
    document.head.innerHTML = "";
  });

  /** A stylesheet link whose sheet has its rules (loaded), or whose rules cannot be read, as Chromium leaves a failed one. */
  function link(href: string, loaded: boolean): HTMLLinkElement {
    const element = document.createElement("link");
    element.rel = "stylesheet";
    element.href = href;
    Object.defineProperty(element, "sheet", { value: loaded ? { cssRules: [{}] } : unreadableSheet() });
    document.head.append(element);
    return element;
  }

  it("puts each failed one in anew and resolves once it loads; loaded ones stay", async () => {
    const loaded = link("/assets/index.css", true);
    const failed = link("/assets/sidebar.css", false);
    const done = reloadFailedStylesheets();
    const links = [...document.head.querySelectorAll("link")];
    expect(links[0]).toBe(loaded);
    expect(links[1]).not.toBe(failed);
    expect(links[1].getAttribute("href")).toBe("/assets/sidebar.css");
    links[1].dispatchEvent(new Event("load"));
    await expect(done).resolves.toBeDefined();
  });

  it("rejects as Vite's helper does when one fails again", async () => {
    link("/assets/sidebar.css", false);
    const done = reloadFailedStylesheets();
    document.head.querySelector("link")!.dispatchEvent(new Event("error"));
    const error = await done.catch((reason: unknown) => reason);
    expect(loadProblemOf(error)).toBe("preloadCss");
  });

  it("counts a link with no sheet at all (how other browsers leave a failed one) as failed", async () => {
    const failed = document.createElement("link");
    failed.rel = "stylesheet";
    failed.href = "/assets/page.css";
    Object.defineProperty(failed, "sheet", { value: null });
    document.head.append(failed);
    void reloadFailedStylesheets();
    expect(document.head.querySelector("link")).not.toBe(failed);
  });

  it("resolves at once when none failed", async () => {
    link("/assets/index.css", true);
    await expect(reloadFailedStylesheets()).resolves.toEqual([]);
  });
});
