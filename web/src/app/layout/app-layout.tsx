import { useEffect } from "react";
import { Outlet } from "react-router-dom";

import { Toasts } from "@/components/toasts";
import { watchHead } from "@/lib/contracts/chain-status";
import { useWalletSession } from "@/lib/wallet/use-wallet-session";

import { Sidebar } from "./sidebar";
import styles from "./app-layout.module.css";

/** The phone-width column every page lives in, with the sidebar and the messages. */
export function AppLayout() {
  useWalletSession();
  useEffect(() => watchHead(), []);
  return (
    <div className={styles.app}>
      <Outlet />
      <Sidebar />
      <Toasts />
    </div>
  );
}
