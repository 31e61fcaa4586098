/**
 * The app shell in index.html is the first paint; the JavaScript must not hold it up.
 *
 * - The entry (src/main.tsx) imports the app (src/start.tsx) only once the shell has painted, so
 *   its chunks are requested after that paint: on a slow phone network, bytes fetched before the
 *   largest paint compete with what it needs (and Lighthouse counts every request started before it).
 * - Chrome fetches module scripts and modulepreloads at High priority, which slow networks (and
 *   Lighthouse) treat as render-blocking. The entry's are marked fetchpriority="low": still fetched
 *   at once, after what the first paint needs (the document, the stylesheet, the banner).
 */
import type { Plugin } from "vite";

export function firstPaintPlugin(): Plugin {
  return {
    name: "first-paint",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, (_tag, start: string) => `<${start} fetchpriority="low"`),
    },
  };
}
