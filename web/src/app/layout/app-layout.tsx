import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router-dom";

import { watchHead } from "@/lib/contracts/chain-status";
import { watchKeptTransactions } from "@/lib/transactions/start-watching";
import { useWalletSession } from "@/lib/wallet/use-wallet-session";
import { useAppStore } from "@/store";
import { LazyBoundary, lazyPart } from "@/widgets/lazy-part";
import { SendAgainHost } from "@/widgets/send-again-host";
import { Toasts } from "@/widgets/toasts";

import styles from "./app-layout.module.css";

const Sidebar = lazyPart(() => import("./sidebar").then((module) => module.Sidebar));

/** The menu's code loads when it is first opened: a first visit does without it. */
function SidebarOnceOpened() {
  const open = useAppStore((state) => state.sidebarOpen);
  const setOpen = useAppStore((state) => state.setSidebarOpen);
  const { t } = useTranslation();
  const [opened, setOpened] = useState(open);
  // Once opened it stays mounted (closed, it is hidden and inert), so it slides in and out after that.
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  // A menu that could not load is forgotten when closed: opening it again loads it anew.
  const close = () => {
    setOpen(false);
    setOpened(false);
  };
  return (
    // Where the menu would be, when its code could not load: why, Retry, and a way to close it.
    <LazyBoundary
      frame={(failure) => (
        <aside className={styles.menuFailure} aria-label={t("nav.menu")}>
          <button type="button" className={styles.close} onClick={close} aria-label={t("nav.close")}>
            ×
          </button>
          {failure}
        </aside>
      )}
    >
      <Sidebar />
    </LazyBoundary>
  );
}

/** The phone-width column every page lives in, with the sidebar and the messages. */
export function AppLayout() {
  useWalletSession();
  useEffect(() => watchHead(), []);
  // The transactions sent before a reload (or in another tab) are watched again until they settle.
  useEffect(() => watchKeptTransactions(), []);
  return (
    <div className={styles.app}>
      <Outlet />
      <SidebarOnceOpened />
      <Toasts />
      <SendAgainHost />
    </div>
  );
}
