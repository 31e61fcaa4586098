/**
 * The screen sizes the layout changes at (docs/product/screens.md §3): below 768 px the phone's one
 * column; from 768 px a tablet's, wider, with panes side by side; from 1024 px a desktop's, the
 * navigation always in view beside the content. The CSS uses the same widths in its media queries;
 * the code asks only where it draws something else (the navigation, the market's order queue).
 */
import { useSyncExternalStore } from "react";

export const TABLET_QUERY = "(min-width: 768px)";
export const DESKTOP_QUERY = "(min-width: 1024px)";

interface Screen {
  subscribe(changed: () => void): () => void;
  matches(): boolean;
}

/** One media query list per query, with stable functions: useSyncExternalStore subscribes once, not
 *  again on every render. */
const screens = new Map<string, Screen>();

function screenOf(query: string): Screen {
  let screen = screens.get(query);
  if (!screen) {
    const list = window.matchMedia?.(query);
    screen = {
      subscribe: (changed) => {
        list?.addEventListener("change", changed);
        return () => list?.removeEventListener("change", changed);
      },
      matches: () => list?.matches === true,
    };
    screens.set(query, screen);
  }
  return screen;
}

/** Whether the screen matches `query`, drawn again when that changes (a window resized, a tablet
 *  turned); false where the browser cannot tell (tests without layout). */
export function useScreen(query: string): boolean {
  const screen = screenOf(query);
  return useSyncExternalStore(screen.subscribe, screen.matches);
}
