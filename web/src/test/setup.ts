import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";

import { initI18n, loadPageMessages } from "@/i18n";
import { useTransactionList } from "@/lib/transactions/transaction-list";

beforeAll(async () => {
  await initI18n(window.localStorage, ["en-US"]);
  // The app loads the error messages with the first page that can show one; screens tested alone get them here.
  await loadPageMessages();
});

// findBy… and waitFor give up after 1 s by default. The web tests run on every core at once, beside
// nothing else in CI but sometimes beside a browser run here, and a screen that shows its answer in
// 1.2 s under that load is not wrong: wait up to 3 s. What must not appear is asserted without waiting.
configure({ asyncUtilTimeout: 3_000 });

// jsdom lays nothing out, so it has no scrolling: the token chooser's scroll into view is a no-op here.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// Nor sizes to observe: a long list's window (components/windowed-list.tsx) has no size to follow here.
globalThis.ResizeObserver ??= class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Expected warnings (a refused switch, a node down) are logged by design: keep test output quiet.
// Tests that check what was logged spy on the same methods.
beforeEach(() => {
  for (const method of ["warn", "info", "debug"] as const) vi.spyOn(console, method).mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // The transactions a test sent are not pending in the next one.
  useTransactionList.setState({ transactions: [] });
});
