/**
 * Account API failures: the message for anything an account call can throw (the API's own key,
 * else a wallet refusal or the network), and what a refusal means for the session.
 */
import type { Message } from "@/i18n/message";
import { describeError } from "@/lib/contracts/describe-error";
import { useAppStore } from "@/store";

import { AccountApiError } from "./client";

export async function accountErrorMessage(error: unknown): Promise<Message> {
  if (error instanceof AccountApiError) return error.reason;
  return describeError(error, { fallback: "errors:unknown" });
}

/** A refusal that says the session is over (expired, logged out elsewhere) signs the user out:
 *  'Please Login' shows again. True when it did. */
export function endSessionIfRefused(error: unknown): boolean {
  if (!(error instanceof AccountApiError) || error.status !== 401) return false;
  if (error.reason.key !== "errors:sessionExpired" && error.reason.key !== "errors:loginRequired") return false;
  useAppStore.getState().clearUser();
  return true;
}
