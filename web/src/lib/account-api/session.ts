/**
 * The account API's calls made with a session token: the member's account, and logging out. Apart
 * from account-api.ts, so that showing a signed-in member loads neither the password encryption
 * nor the wallet proof.
 */
import { apiRequest } from "./client";

/** What the API tells a member about their account. */
export interface Member {
  account: string;
  wallet: string;
  referrer: string | null;
  registeredAt: string;
}

export function fetchMember(token: string): Promise<Member> {
  return apiRequest<Member>("/account", { token });
}

export function logOut(token: string): Promise<void> {
  return apiRequest<void>("/logout", { method: "POST", token });
}
