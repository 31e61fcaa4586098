/**
 * The product's sentence for a balance too low (docs/product/messages.md §3): it names MV and USDX; other tokens get the same
 * sentence with their symbol. Its own module so that a form can say it while the user types
 * without loading the error decoder (errors.ts, which holds every ABI).
 */
import type { TokenSymbol } from "@product";

import type { Message } from "@/i18n/message";

export function notEnough(token: TokenSymbol | undefined): Message {
  if (token === "MV") return { key: "errors:mvNotEnough" };
  if (token === "USDX") return { key: "errors:usdxNotEnough" };
  return token ? { key: "errors:tokenNotEnough", params: { token } } : { key: "errors:unknown" };
}
