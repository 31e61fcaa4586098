import { Suspense, lazy, useEffect, useState } from "react";
import { Outlet } from "react-router-dom";

import { SendAgainHost } from "@/components/send-again-host";
import { Toasts } from "@/components/toasts";
import { watchHead } from "@/lib/contracts/chain-status";
import { watchKeptTransactions } from "@/lib/transactions/start-watching";
import { useWalletSession } from "@/lib/wallet/use-wallet-session";
import { useAppStore } from "@/store";

import styles from "./app-layout.module.css";

const Sidebar = lazy(() => import("./sidebar").then((module) => ({ default: module.Sidebar })));

/** The menu's code loads when it is first opened: a first visit does without it. */
function SidebarOnceOpened() {
  const open = useAppStore((state) => state.sidebarOpen);
  const [opened, setOpened] = useState(open);
  // Once opened it stays mounted (closed, it is hidden and inert), so it slides in and out after that.
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Sidebar />
    </Suspense>
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
