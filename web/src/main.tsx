/**
 * The entry: index.html's app shell paints first, from the HTML alone; the app's code is fetched
 * and run only after that paint (its banner included), so nothing stands between a visitor and the
 * first screen (build/first-paint.ts says why). The stylesheet is linked from the HTML (imported here).
 */
import "./styles/global.css";

function startApp(): void {
  import("./start")
    .then(({ startApp }) => startApp())
    .catch(() => {
      // The app's code could not be fetched (a network gone, a deploy that replaced it).
      const root = document.getElementById("root");
      if (root) root.textContent = "The app could not be loaded. Please check your connection and reload the page.";
    });
}

/** A banner that is slow to come (or never comes) does not hold the app back longer than this. */
const BANNER_WAIT_MS = 1_000;

// After the shell's banner is decoded, the next frame paints it; the app starts after that frame.
const banner = document.querySelector<HTMLImageElement>("#root img");
const bannerShown = banner ? banner.decode().catch(() => undefined) : Promise.resolve();
void Promise.race([bannerShown, new Promise((resolve) => setTimeout(resolve, BANNER_WAIT_MS))]).then(() => {
  requestAnimationFrame(() => setTimeout(startApp, 0));
});
