import type { Message } from "@/i18n/message";
import { apiRequest, refusalIn } from "@/lib/account-api/client";

/**
 * Whether the account API would register `account` (POST /api/account-name): asked before the
 * wallet signs, so a name it would refuse costs no signature. Undefined when the name is free;
 * else why not: taken, or the reason it gives (a name that could pass for another: the look-alike
 * rule, which lives in the API alone, docs/product/account-api.md §3).
 * Throws when the API cannot be asked or answers something else.
 */
export async function getNameRefusal(account: string): Promise<Message | undefined> {
  const answer = await apiRequest<{ free?: unknown }>("/account-name", { body: { account } });
  if (typeof answer.free !== "boolean") throw new Error("The account API did not say whether the name is free");
  if (answer.free) return undefined;
  return refusalIn(answer) ?? { key: "errors:accountTaken" };
}
