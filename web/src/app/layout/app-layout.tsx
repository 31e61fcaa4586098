import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { watchHead } from "@/lib/contracts/chain-status";
import { DESKTOP_QUERY, useScreen } from "@/lib/layout/screen";
import { watchKeptTransactions } from "@/lib/transactions/start-watching";
import { useWalletSession } from "@/lib/wallet/use-wallet-session";
import { useAppStore } from "@/store";
import { LazyBoundary, lazyPart } from "@/widgets/lazy-part";
import { SendAgainHost } from "@/widgets/send-again-host";
import { Toasts } from "@/widgets/toasts";

import styles from "./app-layout.module.css";

const Sidebar = lazyPart(() => import("./sidebar").then((module) => module.Sidebar));

/**
 * The menu's code loads when it is first opened: a first visit does without it. On a desktop
 * (`docked`) the menu is always in view at the left (docs/product/screens.md §3): drawn at once,
 * in the room index.html's #root keeps for it from the first paint, so nothing moves when it arrives.
 */
function SidebarOnceOpened({ docked }: { docked: boolean }) {
  const open = useAppStore((state) => state.sidebarOpen);
  const setOpen = useAppStore((state) => state.setSidebarOpen);
  const { t } = useTranslation();
  const [opened, setOpened] = useState(open);
  // Once opened it stays mounted (closed, it is hidden and inert), so it slides in and out after that.
  if (open && !opened) setOpened(true);
  if (!opened && !docked) return null;
  // A menu that could not load is forgotten when closed: opening it again loads it anew.
  const close = () => {
    setOpen(false);
    setOpened(false);
  };
  return (
    // Where the menu would be, when its code could not load: why, Retry, and a way to close the drawer.
    <LazyBoundary
      key={String(docked)}
      frame={(failure) => (
        <aside className={styles.menuFailure} aria-label={t("nav.menu")}>
          {!docked && (
            <button type="button" className={styles.close} onClick={close} aria-label={t("nav.close")}>
              ×
            </button>
          )}
          {failure}
        </aside>
      )}
    >
      <Sidebar docked={docked} />
    </LazyBoundary>
  );
}

/** The page (a phone's column, or the width of a tablet or a desktop), with the navigation and the messages. */
export function AppLayout({ children }: { children: ReactNode }) {
  useWalletSession();
  useEffect(() => watchHead(), []);
  // The transactions sent before a reload (or in another tab) are watched again until they settle.
  useEffect(() => watchKeptTransactions(), []);
  const desktop = useScreen(DESKTOP_QUERY);
  return (
    <div className={styles.app}>
      {children}
      <SidebarOnceOpened docked={desktop} />
      <Toasts />
      <SendAgainHost />
    </div>
  );
}
