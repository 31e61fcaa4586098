/**
 * Started once by the app's layout: the transactions this device keeps (sent before a reload) are
 * loaded and watched again until they settle. The memory and the watcher load only when there is
 * something to watch: at startup when the device keeps any transaction, or as soon as another tab
 * stores one (or this tab sends one: send.ts).
 */
import { log } from "@/lib/log";

import { TRANSACTIONS_KEY, hasKeptTransactions } from "./transaction-list";

export function watchKeptTransactions(): () => void {
  let stopWatching: (() => void) | undefined;
  let stopped = false;
  const start = () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener("online", start);
    import("./watcher").then(
      ({ watchTransactions }) => {
        if (!stopped) stopWatching = watchTransactions();
      },
      (error: unknown) => {
        // Offline, say: tried again when the network is back (a send loads it in any case).
        log.warn("could not load the transaction watcher", error);
        if (!stopped) window.addEventListener("online", start);
      },
    );
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === TRANSACTIONS_KEY) start();
  };
  if (hasKeptTransactions()) start();
  else window.addEventListener("storage", onStorage);
  return () => {
    stopped = true;
    window.removeEventListener("storage", onStorage);
    window.removeEventListener("online", start);
    stopWatching?.();
  };
}
