import { apiRequest } from "@/lib/account-api/client";

/**
 * Whether the account API would register `account` (POST /api/account-name): asked before the
 * wallet signs, so a taken name costs no signature. It answers free or taken, nothing else.
 * Throws when the API cannot be asked or answers something else.
 */
export async function getIsNameFree(account: string): Promise<boolean> {
  const { free } = await apiRequest<{ free?: unknown }>("/account-name", { body: { account } });
  if (typeof free !== "boolean") throw new Error("The account API did not say whether the name is free");
  return free;
}
