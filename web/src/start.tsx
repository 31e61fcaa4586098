/**
 * Startup (loaded by main.tsx once the shell has painted): the configuration (network, RPC URL,
 * addresses) is checked as its modules load; then read the launch parameters (and clean the
 * address), load the language, render in place of the shell. A production build then silences
 * console logging.
 */
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { App } from "./app/app";
import { followReferralLinks } from "./app/launch";
import { initI18n } from "./i18n";
import { log, silenceConsole } from "./lib/log";

async function start(root: HTMLElement): Promise<void> {
  followReferralLinks();
  await initI18n();
  // A transition, so React renders the first screen in slices of a few milliseconds, yielding to
  // the browser between them, rather than in one long task (a tenth of a second on a slow phone:
  // docs/performance.md §3); the shell stays painted until the app's first screen replaces it. The
  // router follows the address from before this render (app/router.tsx), so a link opened
  // meanwhile is not lost.
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  if (import.meta.env.PROD) silenceConsole();
}

export function startApp(): void {
  const root = document.getElementById("root");
  if (!root) return;
  start(root).catch((error: unknown) => {
    log.error("the app could not start", error);
    root.textContent = `The app could not start: ${error instanceof Error ? error.message : String(error)}`;
  });
}
