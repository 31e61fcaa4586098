import { bindAccount } from "@/lib/account-api/account-api";
import { useAccountAction } from "@/lib/account-api/use-account-action";

/** Binds the connected wallet to an existing account, proven by its password and the wallet's signature; answers the session. */
export function useBindAccountAction() {
  return useAccountAction(bindAccount, "common:messages.bindSuccessful");
}
