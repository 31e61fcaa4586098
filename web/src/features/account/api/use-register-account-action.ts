import { registerAccount } from "@/lib/account-api/account-api";
import { useAccountAction } from "@/lib/account-api/use-account-action";

/**
 * The account API's half of a registration: account, password and referrer, proven by the wallet;
 * answers the session. No toast of its own: the registration is done only once the chain knows
 * the member too.
 */
export function useRegisterAccountAction() {
  return useAccountAction(registerAccount);
}
