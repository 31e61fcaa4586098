import { logIn } from "@/lib/account-api/account-api";
import { useAccountAction } from "@/lib/account-api/use-account-action";

/** Logs in with the wallet's signature alone; answers the session. */
export function useLogInAction() {
  return useAccountAction(logIn, "common:messages.loginSuccessful");
}
