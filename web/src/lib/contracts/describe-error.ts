/**
 * The message for anything an action can throw. The messages (errors.ts, which decodes every
 * product error with an interface built from all the ABIs) load with the first failure, not with
 * the page; if even that cannot load, the network is at fault, and it is said from the catalogue
 * loaded at start (the error catalogue may not be there either).
 */
import type { Message } from "@/i18n/message";

import type { ErrorContext } from "./errors";

export async function describeError(error: unknown, context: ErrorContext): Promise<Message> {
  try {
    const { errorMessage } = await import("./errors");
    return errorMessage(error, context);
  } catch {
    return { key: "common:status.networkDown" };
  }
}
