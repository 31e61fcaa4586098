/**
 * Wallet behaviour of the whole app, mounted once in the layout: connect at startup (the wallet the
 * user picked before reconnects without a prompt; see startupConnection), keep the store's user in
 * step with the wallet's account, and go to the index page when the account changes.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useNavigate } from "react-router-dom";

import { href } from "@/lib/routing/href";
import { HOME_PATH } from "@/lib/routing/paths";
import { toast } from "@/lib/toast/toast-store";
import { useAppStore } from "@/store";

import { connectWallet, startupConnection, useWallet, type WalletChoice } from "./wallet";

/**
 * Connects the given wallet, telling the user about a rejection or a request already open. Any
 * other failure is told only when the user asked to connect (`byUser`); at startup it is only
 * logged (docs/product/screens.md §6).
 */
export async function connectAndReport(choice: WalletChoice, { byUser, eager = false }: { byUser: boolean; eager?: boolean }): Promise<void> {
  const problem = await connectWallet(choice, { eager });
  if (problem === "rejected") toast.error("common:wallet.rejected");
  else if (problem === "requestPending") toast.error("common:wallet.requestPending");
  else if (problem === "other" && byUser) toast.error("errors:walletFailed");
}

/**
 * Whether the startup connection is still to come or under way: decided before the first render,
 * so the read-only banner is not painted for the moment between the first render and the effect
 * that connects (it would move the page when it goes).
 */
const startup = { pending: undefined as boolean | undefined, listeners: new Set<() => void>() };

function startupPending(): boolean {
  startup.pending ??= startupConnection() !== undefined;
  return startup.pending;
}

function startupSettled(): void {
  startup.pending = false;
  for (const listener of startup.listeners) listener();
}

export function useStartupPending(): boolean {
  return useSyncExternalStore(
    (listener) => {
      startup.listeners.add(listener);
      return () => startup.listeners.delete(listener);
    },
    startupPending,
    startupPending,
  );
}

export function useWalletSession(): void {
  const { account } = useWallet();
  const navigate = useNavigate();
  const previous = useRef<string | null | undefined>(undefined);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const startup = startupConnection();
    if (startup) void connectAndReport(startup.choice, { byUser: false, eager: startup.eager }).finally(startupSettled);
    else startupSettled();
  }, []);

  useEffect(() => {
    useAppStore.getState().selectAccount(account);
    const before = previous.current;
    previous.current = account;
    // A change of account (not the first connection) starts over from the index page.
    if (before && before !== account) navigate(href(HOME_PATH));
  }, [account, navigate]);
}
