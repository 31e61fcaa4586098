/**
 * Why a part of the app that loads on demand (a page, the menu, a card, a message catalogue) did
 * not load, and what the user can do about it: wait for the network and retry, or reload the app
 * when a deployment replaced the files this tab was built with (a retry would fetch the same
 * missing file again).
 */
export const LOAD_TIMEOUT_MS = 60_000;

export class LoadTimeoutError extends Error {
  constructor() {
    super(`Loading took more than ${LOAD_TIMEOUT_MS} ms`);
    this.name = "LoadTimeoutError";
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadTimeoutError()), ms);
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

/** What failed: too slow, a stylesheet, a script chunk, or anything else (a catalogue, a render). */
export type LoadProblem = "timeout" | "preloadCss" | "chunk" | "failed";

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function loadProblemOf(error: unknown): LoadProblem {
  if (error instanceof LoadTimeoutError) return "timeout";
  const text = messageOf(error);
  // Vite's preload helper, for a chunk's stylesheet; then Chromium's, Safari's and Firefox's words for a script chunk.
  if (/unable to preload css/i.test(text)) return "preloadCss";
  if (/dynamically imported module|importing a module script failed|error loading dynamically/i.test(text)) return "chunk";
  return "failed";
}

/** How long the server is given to say whether a file is still there. */
const CAUSE_TIMEOUT_MS = 5_000;

/** Why: no network, a file this build expects that the server no longer has, or neither known. */
export type LoadCause = "offline" | "replaced" | "unknown";

/**
 * Asks the server for the file that failed (as the browser or Vite's helper named it in the
 * error): no answer is a network gone; a 404 (or the app's page served in its place, as a
 * single-page host does) is a deployment that replaced it; anything else (the file there now, a
 * server error) is worth a retry.
 */
export async function causeOf(error: unknown): Promise<LoadCause> {
  const file = /(?:https?:\/\/|\/)[^\s'"]+\.(?:js|css)\b/.exec(messageOf(error))?.[0];
  if (!navigator.onLine) return "offline";
  if (!file) return "unknown";
  // A server that does not answer (hung, or a captive portal) leaves it unknown: Retry is offered.
  return fetch(file, { method: "HEAD", cache: "no-store", signal: AbortSignal.timeout(CAUSE_TIMEOUT_MS) }).then(
    ({ status, headers }) => (status === 404 || headers.get("content-type")?.includes("html") ? "replaced" : "unknown"),
    (failure: unknown) => (failure instanceof DOMException && failure.name === "TimeoutError" ? "unknown" : "offline"),
  );
}

/** A stylesheet that did not load: Chromium leaves it a sheet whose rules cannot be read, other
 *  browsers none. (Every stylesheet is the app's own, of its origin: the CSP allows no other.) */
function notLoaded(link: HTMLLinkElement): boolean {
  try {
    return !link.sheet?.cssRules.length;
  } catch {
    return true;
  }
}

/**
 * Vite's preload helper adds a chunk's stylesheet once and never again, even when it failed: a
 * retry would draw the part without its styles. Each stylesheet that did not load is put in anew;
 * resolves once all have loaded, rejects as the helper does when one fails again.
 */
export function reloadFailedStylesheets(): Promise<unknown> {
  const failed = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(notLoaded);
  return Promise.all(
    failed.map(
      (link) =>
        new Promise((loaded, failedAgain) => {
          const fresh = link.cloneNode() as HTMLLinkElement;
          fresh.onload = loaded;
          fresh.onerror = () => failedAgain(new Error(`Unable to preload CSS for ${link.href}`));
          link.replaceWith(fresh);
        }),
    ),
  );
}
