/**
 * The message for anything an account action can throw: the API's own key, else a wallet refusal
 * or the network, as lib/contracts/errors.ts tells them (loaded when first needed).
 */
import type { Message } from "@/lib/toast/toast-store";

import { AccountApiError } from "./client";

export async function accountErrorMessage(error: unknown): Promise<Message> {
  if (error instanceof AccountApiError) return error.reason;
  try {
    const { errorMessage } = await import("@/lib/contracts/errors");
    return errorMessage(error, { fallback: "errors:unknown" });
  } catch {
    return { key: "errors:network" };
  }
}
